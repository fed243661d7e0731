// This instance's public settings (support address, community link, Google sign-in), read once from the
// <meta name="waymarks-config"> tag the server fills in. Under the Vite dev server the defaults apply.
import { DEFAULT_PUBLIC_CONFIG, PUBLIC_CONFIG_META, type PublicConfig } from '@waymarks/shared';

let cached: PublicConfig | undefined;

/** The build-time prerender has no document: it renders with the settings given here. */
export function setPublicConfig(config: PublicConfig): void {
  cached = config;
}

export function publicConfig(): PublicConfig {
  if (cached) return cached;
  const content = document.querySelector(`meta[name="${PUBLIC_CONFIG_META}"]`)?.getAttribute('content');
  let parsed: Partial<PublicConfig> = {};
  try {
    parsed = content ? (JSON.parse(content) as Partial<PublicConfig>) : {};
  } catch {
    // A damaged tag falls back to the defaults: the page still works, with the default links.
  }
  cached = { ...DEFAULT_PUBLIC_CONFIG, ...parsed };
  return cached;
}
