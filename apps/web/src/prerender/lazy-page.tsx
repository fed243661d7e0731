// The router's lazy routes for the prerendered pages (prerender/pages.ts). Each tells the app when React
// has put it on the page: the route's markup sits in a Suspense boundary that React may adopt in a later
// pass than the rest, so a signal from the root would come too early (see client.tsx, hydratePage).
import { createContext, lazy, useContext, useEffect, type ComponentType } from 'react';
import { PRERENDERED_PAGES } from './pages';

/** Called once a prerendered page's effects have run; nothing is listening during the build's render. */
export const PageMountedContext = createContext<(() => void) | undefined>(undefined);

export function lazyPage(path: keyof typeof PRERENDERED_PAGES) {
  return lazy(() => PRERENDERED_PAGES[path]().then(({ default: Page }) => ({ default: signalsMount(Page) })));
}

function signalsMount(Page: ComponentType) {
  function MountedPage() {
    const onMounted = useContext(PageMountedContext);
    useEffect(() => onMounted?.(), [onMounted]);
    return <Page />;
  }
  MountedPage.displayName = `Prerendered(${Page.displayName ?? Page.name})`;
  return MountedPage;
}
