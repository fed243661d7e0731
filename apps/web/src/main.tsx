// The browser's entry, kept small. A page that arrived as HTML (prerender/pages.ts) is already drawn: the
// app is fetched once that HTML is on screen (prerender/first-paint.ts), together with the page's own
// code, and then adopts the markup. Any other page needs the app at once; index.html asks for its
// modules beside this one (vite.config.ts), so that costs no extra round trip.
import { holdEarlyInput, type EarlyInput } from './prerender/early-input';
import { afterFirstPaint } from './prerender/first-paint';
import { prerenderedPage, type PageModule } from './prerender/pages';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const loadPage = prerenderedPage(window.location.pathname);
if (root.hasChildNodes() && loadPage) {
  // Whichever comes first: the page on screen, or a visitor already at work on it.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void hydrate(root, loadPage, early);
  };
  const early = holdEarlyInput(root, start);
  afterFirstPaint(start);
} else {
  void import('./client').then((client) => client.renderApp(root));
}

/**
 * Each step in a task of its own, with the browser free in between: on a slow phone, starting the
 * downloads, running the downloaded code and setting up the app each take long enough to hold up a tap.
 */
async function hydrate(container: HTMLElement, load: () => Promise<PageModule>, early: EarlyInput) {
  const client = import('./client');
  await nextTask();
  const [{ createApp, hydratePage }] = await Promise.all([client, load()]);
  await nextTask();
  const app = createApp({ adopting: true });
  await nextTask();
  hydratePage(container, app, { onAdopted: () => early.replay() });
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
