// The public pages that arrive as HTML: rendered at build time (scripts/prerender.mjs, through render.tsx),
// sent by the server for exactly these paths (apps/server/src/http/web.ts) and hydrated by main.tsx.
// Pricing is a section of the landing page and Report Content is /illegal-content.

/** What a page puts into <head>: the title as usePageMeta takes it (null: the product name alone). */
export interface PageMeta {
  title: string | null;
  description: string;
}

/** Each prerendered route module exports its metadata beside the page. */
export type PageModule = { meta: PageMeta };

export const PRERENDERED_PAGES: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/': () => import('../routes/landing'),
  '/about': () => import('../routes/about'),
  '/privacy': () => import('../routes/privacy'),
  '/terms': () => import('../routes/terms'),
  '/stripe-privacy': () => import('../routes/stripe-privacy'),
  '/liability': () => import('../routes/liability'),
  '/copyright': () => import('../routes/copyright'),
  '/illegal-content': () => import('../routes/illegal-content'),
  '/feedback': () => import('../routes/feedback'),
};

/** The page's file in dist/prerendered/: '/' is index.html, '/about' about.html (the server reads it back). */
export function prerenderedFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}
