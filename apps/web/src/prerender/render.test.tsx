// @vitest-environment happy-dom
// The prerendered public pages: each renders to complete markup without inline script, and the browser's
// first render adopts that markup, filled in with this instance's settings, without a single hydration
// warning while the session is being restored, also when the build's year has passed.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, PUBLIC_CONFIG_META } from '@waymarks/shared';
import { SessionManager } from '../app/auth/session';
import { createQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { hydratePage } from '../client';
import { PRERENDERED_PAGES, prerenderedPage } from './pages';
import type { RenderedPage } from './render';

/**
 * The pages as the build renders them, in a Node process of their own as in the build: React's server
 * renderer leaves its last context values behind, which a browser render in the same process would read.
 */
async function renderInNode(): Promise<Record<string, RenderedPage>> {
  const script = [
    "import { PRERENDERED_PATHS, renderPage } from './src/prerender/render.tsx';",
    'const pages = {};',
    'for (const page of PRERENDERED_PATHS) pages[page] = await renderPage(page);',
    'process.stdout.write(JSON.stringify(pages));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: path.resolve(import.meta.dirname, '../..'), maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, RenderedPage>;
}

/** Each page's heading and document title. */
const PAGES: Record<string, { h1: string; title: string }> = {
  '/': { h1: 'Map Your Adventures', title: 'Waymarks' },
  '/about': { h1: 'About Waymarks', title: 'About · Waymarks' },
  '/privacy': { h1: 'Privacy Policy', title: 'Privacy Policy · Waymarks' },
  '/terms': { h1: 'Terms of Service', title: 'Terms of Service · Waymarks' },
  '/stripe-privacy': { h1: 'Payment Privacy Notice', title: 'Payment Privacy Notice · Waymarks' },
  '/liability': { h1: 'Limitation of Liability', title: 'Limitation of Liability · Waymarks' },
  '/copyright': { h1: 'Copyright & DMCA Policy', title: 'Copyright & DMCA Policy · Waymarks' },
  '/illegal-content': { h1: 'Report Content', title: 'Report Content · Waymarks' },
  '/feedback': { h1: 'Send Feedback', title: 'Send Feedback · Waymarks' },
};

/** This instance's settings, as the server puts them into the page and into its meta tag. */
const SETTINGS = { supportEmail: 'help@example.org', discordUrl: 'https://chat.example.org/?a=1&b="2"' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function filledIn(html: string): string {
  return html
    .replaceAll('{{supportEmail}}', escapeHtml(SETTINGS.supportEmail))
    .replaceAll('{{discordUrl}}', escapeHtml(SETTINGS.discordUrl));
}

let rendered: Record<string, RenderedPage>;
beforeAll(async () => {
  rendered = await renderInNode();
  const meta = document.createElement('meta');
  meta.name = PUBLIC_CONFIG_META;
  meta.content = JSON.stringify({ ...DEFAULT_PUBLIC_CONFIG, ...SETTINGS });
  document.head.append(meta);
}, 120_000);

let root: Root | undefined;
beforeEach(() => setActEnvironment(true));
afterEach(() => {
  setActEnvironment(true);
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A session restore that never answers, noting whether React had adopted the page's heading when it began. */
function pendingSession(container: HTMLElement) {
  const requests: { headingAdopted: boolean }[] = [];
  const fetch = () => {
    const heading = container.querySelector('h1');
    requests.push({ headingAdopted: heading !== null && isAdopted(heading) });
    return new Promise<Response>(() => {});
  };
  return { manager: new SessionManager({ fetch }), requests };
}

/** React keeps its component on every element it has adopted (a `__reactFiber$…` key). */
const isAdopted = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * Hydrates `html` at `path` as main.tsx does: the page's code first, then client.tsx's hydratePage. Inside
 * act() by default; `scheduled` leaves React to its own scheduler instead, as in a browser, where each
 * slice of work is a task of its own with promises settled in between (act runs the slices back to back).
 */
async function hydrate(path: string, html: string, { scheduled = false } = {}) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${filledIn(html)}</div>`;
  const container = document.getElementById('root')!;
  const serverHeading = container.querySelector('h1');
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args.join(' ')));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const { manager, requests } = pendingSession(container);
  await prerenderedPage(path)!();
  const app = { manager, queryClient: createQueryClient(), router: createBrowserRouter(routes) };
  const options = { onRecoverableError: (error: unknown) => errors.push(error) };
  if (scheduled) {
    setActEnvironment(false);
    root = hydratePage(container, app, options);
  } else {
    await act(async () => {
      root = hydratePage(container, app, options);
    });
  }
  return { container, serverHeading, errors, sessionRequests: requests };
}

function setActEnvironment(on: boolean) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
}

describe('the prerendered public pages', () => {
  it('are exactly the public pages: landing (with pricing), about, the legal texts, report and feedback', () => {
    expect(Object.keys(rendered)).toEqual(Object.keys(PAGES));
    expect(Object.keys(PRERENDERED_PAGES)).toEqual(Object.keys(PAGES));
  });

  it.each(Object.entries(PAGES))(
    'renders %s whole, with its title and no inline script',
    (path, { h1, title }) => {
      const page = rendered[path]!;
      const container = document.createElement('div');
      container.innerHTML = page.html;
      expect(container.querySelector('h1')?.textContent).toBe(h1);
      expect(container.querySelector('footer')).not.toBeNull();
      expect(page.html).not.toMatch(/<script/i);
      // The support address is the placeholder the server fills in with this instance's.
      expect(page.html).toContain('href="mailto:{{supportEmail}}"');
      expect(page.title).toBe(title);
    },
  );

  it('loads a page’s code once, for main.tsx and the router alike', async () => {
    const load = prerenderedPage('/about')!;
    const first = load();
    expect(load()).toBe(first);
    expect(await first).toHaveProperty('meta.title', 'About');
    expect(prerenderedPage('/signin')).toBeUndefined();
  });

  it.each(Object.entries(PAGES))(
    'hydrates %s without a warning, keeping the server’s elements',
    async (path, { title }) => {
      const { container, serverHeading, errors } = await hydrate(path, rendered[path]!.html);
      expect(errors).toEqual([]);
      expect(container.querySelector('h1')).toBe(serverHeading);
      // The page's own effects ran: it is hydrated, not left as the server's markup.
      expect(document.title).toBe(title);
      const contact = container.querySelector('footer a[href^="mailto:"]');
      expect(contact?.getAttribute('href')).toBe(`mailto:${SETTINGS.supportEmail}`);
    },
  );

  it.each(['/', '/illegal-content'])(
    'restores the session on %s only once React has adopted the whole page',
    async (path) => {
      const { errors, sessionRequests } = await hydrate(path, rendered[path]!.html, { scheduled: true });
      await vi.waitFor(() => expect(sessionRequests).toHaveLength(1));
      expect(sessionRequests).toEqual([{ headingAdopted: true }]);
      expect(errors).toEqual([]);
    },
  );

  it('shows the visitor’s year in the footer when the page was built in an earlier year', async () => {
    const built = new Date().getFullYear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${built + 1}-06-01T12:00:00Z`));
    const { container, errors } = await hydrate('/about', rendered['/about']!.html);
    expect(errors).toEqual([]);
    expect(container.querySelector('footer')?.textContent).toContain(`© ${built + 1} Waymarks`);
  });
});
