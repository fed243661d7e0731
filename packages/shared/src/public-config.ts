// Settings the server hands the web app inside index.html (a <meta name="waymarks-config"> tag), so the
// first page load needs no extra request and no inline script.

export const PUBLIC_CONFIG_META = 'waymarks-config';

export interface PublicConfig {
  /** Support address: footer, About, Feedback, DMCA notices, report e-mails. */
  supportEmail: string;
  /** Community chat invite link. */
  discordUrl: string;
  /** False when no Google client is configured on this server. */
  googleEnabled: boolean;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'support@waymarks.app',
  discordUrl: 'https://discord.gg/waymarks',
  googleEnabled: false,
};
