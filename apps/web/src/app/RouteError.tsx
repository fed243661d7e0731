import { Button } from '../components/ui/Button';
import { usePageTitle } from './usePageTitle';

/** Shown when a route fails to render or its code cannot be loaded (after a deploy, say). */
export function RouteError() {
  usePageTitle('Something went wrong');
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        <h1 className="text-display font-bold">Something went wrong</h1>
        <p className="text-slate-600">This page could not be shown. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    </main>
  );
}
