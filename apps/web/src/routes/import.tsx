// /import (issue 26): bringing past travels in from a location history, behind the sign-in guard.
import { usePageTitle } from '../app/usePageTitle';
import { SimpleFooter } from '../components/site/Footer';
import { SkipLink } from '../components/site/SkipLink';
import { IMPORT_TEXTS, ImportScreen } from '../features/imports';

export default function ImportRoute() {
  usePageTitle(IMPORT_TEXTS.title);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-6 outline-none sm:px-6 sm:py-10"
      >
        <ImportScreen />
      </main>
      <SimpleFooter />
    </div>
  );
}
