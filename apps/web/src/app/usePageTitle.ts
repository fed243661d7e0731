import { useEffect } from 'react';

const PRODUCT = 'Waymarks';

/** The description index.html ships with; pages without their own put it back. */
const DEFAULT_DESCRIPTION =
  'Waymarks: pin the places you have been, attach your photos and videos, and watch your world fill in.';

/** '{page} · Waymarks', or just 'Waymarks' for the home page. */
export function documentTitle(page: string | null): string {
  return page ? `${page} · ${PRODUCT}` : PRODUCT;
}

/** Sets document.title to '{page} · Waymarks', or just 'Waymarks' for the home page. */
export function usePageTitle(page: string | null): void {
  usePageMeta(page, DEFAULT_DESCRIPTION);
}

/** The page's title (as usePageTitle) and its <meta name="description">, for search results and shares. */
export function usePageMeta(page: string | null, description: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [description]);
}
