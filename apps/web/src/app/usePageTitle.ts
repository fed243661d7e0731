import { useEffect } from 'react';

const PRODUCT = 'Waymarks';

/** Sets document.title to '{page} · Waymarks', or just 'Waymarks' for the home page. */
export function usePageTitle(page: string | null): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT}` : PRODUCT;
  }, [page]);
}
