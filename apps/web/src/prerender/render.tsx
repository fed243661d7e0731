// The build-time renderer of the public pages (the entry of scripts/prerender.mjs's server build). A page
// renders signed out (a session manager that never starts) with placeholders for this instance's settings,
// which the server replaces when it starts (apps/server/src/http/web.ts, fillPrerenderedPage).
import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '@waymarks/shared';
import { SessionManager } from '../app/auth/session';
import { createQueryClient } from '../app/providers';
import { setPublicConfig } from '../app/public-config';
import { routes } from '../app/router';
import { documentTitle } from '../app/usePageTitle';
import { AppRoot } from '../AppRoot';
import { PRERENDERED_PAGES, prerenderedFileName, prerenderedPage } from './pages';

export { prerenderedFileName };
export const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES);

/**
 * The settings a page is rendered with: each text setting is a placeholder that names itself. The page's
 * <meta name="waymarks-config"> carries them, so the server knows what to replace with which setting.
 * Settings that are not text (googleEnabled, the map's) cannot be replaced: the public pages must not use them.
 */
export const PLACEHOLDER_CONFIG: PublicConfig = {
  ...DEFAULT_PUBLIC_CONFIG,
  supportEmail: '{{supportEmail}}',
  discordUrl: '{{discordUrl}}',
  siteUrl: '{{siteUrl}}',
};

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  title: string;
  description: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const load = prerenderedPage(path);
  if (!load) throw new Error(`${path} is not a prerendered page`);
  const { meta } = await load();
  setPublicConfig(PLACEHOLDER_CONFIG);
  const manager = new SessionManager({ fetch: () => new Promise<Response>(() => {}) });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Unlike renderToString, prerender waits for the lazy route modules instead of sending their fallback.
  const { prelude } = await prerenderToNodeStream(
    <AppRoot manager={manager} queryClient={createQueryClient()} router={router} />,
  );
  const html = await text(prelude);
  return { html, title: documentTitle(meta.title), description: meta.description };
}
