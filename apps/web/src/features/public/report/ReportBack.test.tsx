// @vitest-environment happy-dom
// SPEC.md §2: the report page's back button goes to the previous page if there is one ('Back'), else to
// /dashboard for a signed-in visitor, else to / (both 'Back to Home').
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, type AuthContextValue } from '../../../app/auth/context';
import ReportContentRoute from '../../../routes/illegal-content';

afterEach(cleanup);

function renderReport(entries: string[], signedIn: boolean) {
  const value = {
    status: signedIn ? 'signedIn' : 'signedOut',
    user: null,
  } as unknown as AuthContextValue;
  const Auth = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
  );
  const router = createMemoryRouter(
    [
      { path: '/illegal-content', element: <ReportContentRoute /> },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <Auth>
      <RouterProvider router={router} />
    </Auth>,
  );
  return router;
}

describe('the report page back button', () => {
  it('goes home for a visitor who opened the page directly', () => {
    renderReport(['/illegal-content'], false);
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Report Content · Waymarks');
  });

  it('goes to the dashboard for a signed-in user who opened the page directly', () => {
    renderReport(['/illegal-content'], true);
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
  });

  it("says 'Back' and returns to the previous page when there is one", async () => {
    const router = renderReport(['/about', '/illegal-content'], true);
    await act(async () => screen.getByRole('button', { name: 'Back' }).click());
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
