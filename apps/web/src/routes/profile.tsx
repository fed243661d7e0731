// /profile (SPEC.md §2): Profile & Settings, behind the sign-in guard, with the history of imports
// (issue 26) and the travel page to share (issue 27) among its sections.
import { usePageTitle } from '../app/usePageTitle';
import { SimpleFooter } from '../components/site/Footer';
import { SkipLink } from '../components/site/SkipLink';
import { ImportHistory } from '../features/imports';
import { PROFILE_MESSAGES, ProfileScreen } from '../features/profile';
import { ShareSection } from '../features/share';

export default function ProfileRoute() {
  usePageTitle(PROFILE_MESSAGES.title);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-6 outline-none sm:px-6 sm:py-10"
      >
        <ProfileScreen importHistory={<ImportHistory />} shareSection={<ShareSection />} />
      </main>
      <SimpleFooter />
    </div>
  );
}
