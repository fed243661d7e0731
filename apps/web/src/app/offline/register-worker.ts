// The service worker (src/service-worker, /sw.js) is registered once a traveller is signed in, not for every
// visitor of the public pages: its install keeps the whole app on the device, a few megabytes that only
// someone who uses the app has a reason to download. It stays registered after signing out; what it keeps
// is the same for everyone.
import type { SessionManager } from '../auth/session';

export const SERVICE_WORKER_URL = '/sw.js';

export function registerWorkerOnceSignedIn(
  manager: SessionManager,
  container: Pick<ServiceWorkerContainer, 'register'> | undefined = navigator.serviceWorker,
): () => void {
  // The development server serves no /sw.js (it is written by the build).
  if (!container || !import.meta.env.PROD) return () => {};
  let registered = false;
  const stop = manager.subscribe(() => {
    const { status, offline } = manager.getSnapshot();
    if (registered || status !== 'signedIn' || offline) return;
    registered = true;
    stop();
    container
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.warn('The app could not be kept for offline use', error));
  });
  return stop;
}
