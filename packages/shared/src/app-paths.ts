// Every page path the web app has (its router, apps/web/src/app/router.tsx, lists exactly these): the server
// answers any other page path with HTTP 404 and the app's "Page not found" page.

export const APP_PATHS = [
  '/',
  '/signin',
  '/login',
  '/signup',
  '/oauth/callback',
  '/reset-password',
  '/privacy',
  '/terms',
  '/stripe-privacy',
  '/liability',
  '/illegal-content',
  '/copyright',
  '/about',
  '/feedback',
  '/dashboard',
  '/profile',
  '/leaderboard',
  '/import',
] as const;

const KNOWN: ReadonlySet<string> = new Set(APP_PATHS);

/** Whether the web app has a page at `pathname` (without its query string; one trailing slash is ignored, as the router ignores it). */
export function isAppPath(pathname: string): boolean {
  return KNOWN.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}

/**
 * The installed app's share target (its manifest's share_target): the phone's share sheet POSTs photos and
 * videos here, as multipart/form-data in the SHARE_TARGET_FIELD field. The app's service worker takes the
 * POST and opens the dashboard with SHARED_FILES_PARAM, `files` when it kept them on the device; the
 * server answers it only when no worker did, sending the dashboard `again`.
 */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARE_TARGET_FIELD = 'media';
export const SHARED_FILES_PARAM = 'shared';
export type SharedFilesArrival = 'files' | 'again';
