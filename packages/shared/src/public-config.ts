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
  /** A MapLibre style JSON to draw the map with (MAP_STYLE_URL); null draws the built-in offline basemap. */
  mapStyleUrl: string | null;
  /** Same-origin URL of the server's PMTiles basemap, read by HTTP range requests; null when there is none. */
  mapPmtilesUrl: string | null;
  /** This instance's public address (PUBLIC_URL), for the absolute links a shared page names (og:url, og:image). */
  siteUrl: string;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'support@waymarks.app',
  discordUrl: 'https://discord.gg/waymarks',
  googleEnabled: false,
  mapStyleUrl: null,
  mapPmtilesUrl: null,
  siteUrl: 'http://localhost:3000',
};
