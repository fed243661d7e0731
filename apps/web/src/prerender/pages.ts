// The public pages that arrive as HTML: rendered at build time (scripts/prerender.mjs, through render.tsx),
// sent by the server for exactly these paths (apps/server/src/http/web.ts) and hydrated by client.tsx.
// Pricing is a section of the landing page and Report Content is /illegal-content.
import type { ComponentType } from 'react';

/** What a page puts into <head>: the title as usePageMeta takes it (null: the product name alone). */
export interface PageMeta {
  title: string | null;
  description: string;
}

/** Each prerendered route module exports its metadata beside the page. */
export interface PageModule {
  meta: PageMeta;
  default: ComponentType;
}

/**
 * A route module's loader that keeps its promise: main.tsx loads the page before hydrating, and the
 * router's lazy route then finds the same download settled rather than starting the module loader again.
 */
function loadOnce<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download may be tried again (the next navigation to the page).
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

export const PRERENDERED_PAGES = {
  '/': loadOnce(() => import('../routes/landing')),
  '/about': loadOnce(() => import('../routes/about')),
  '/privacy': loadOnce(() => import('../routes/privacy')),
  '/terms': loadOnce(() => import('../routes/terms')),
  '/stripe-privacy': loadOnce(() => import('../routes/stripe-privacy')),
  '/liability': loadOnce(() => import('../routes/liability')),
  '/copyright': loadOnce(() => import('../routes/copyright')),
  '/illegal-content': loadOnce(() => import('../routes/illegal-content')),
  '/feedback': loadOnce(() => import('../routes/feedback')),
} satisfies Record<string, () => Promise<PageModule>>;

/** The loader of the page at `path`, if that page is prerendered. */
export function prerenderedPage(path: string): (() => Promise<PageModule>) | undefined {
  return Object.hasOwn(PRERENDERED_PAGES, path)
    ? PRERENDERED_PAGES[path as keyof typeof PRERENDERED_PAGES]
    : undefined;
}

/** The page's file in dist/prerendered/: '/' is index.html, '/about' about.html (the server reads it back). */
export function prerenderedFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}
