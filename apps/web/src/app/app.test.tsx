// @vitest-environment happy-dom
// The auth screens against a fake API: routes, guard, forms and the OAuth callback as a user meets them.
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { APP_PATHS, DEFAULT_PUBLIC_CONFIG, type Session } from '@waymarks/shared';
import { SessionManager } from './auth/session';
import { AppProviders, createQueryClient } from './providers';
import { setPublicConfig } from './public-config';
import { routes } from './router';

type Reply = { status: number; body: unknown };
type Handler = (body: unknown, init: RequestInit) => Reply | Promise<Reply>;

const HOUR = 60 * 60 * 1000;

function session(name = 'Ada Lovelace'): Session {
  return {
    accessToken: 'token-1',
    expiresAt: Date.now() + HOUR,
    user: {
      userId: 'u1',
      email: 'ada@example.com',
      name,
      username: null,
      picture: null,
      emailVerified: true,
      tier: 'free',
      signupDate: '2025-01-01T00:00:00.000Z',
    },
  };
}

const apiError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

/** A fake server: one handler per "METHOD /path"; anything unhandled answers 404. */
function fakeServer(handlers: Record<string, Handler>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const handler = handlers[key];
    const reply = handler
      ? await handler(init.body ? JSON.parse(String(init.body)) : undefined, init)
      : apiError(404, 'NOT_FOUND', 'Not found');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const signedOut: Record<string, Handler> = {
  'POST /api/auth/refresh': () => apiError(401, 'UNAUTHORIZED', 'No session'),
  'GET /api/auth/config': () => ({ status: 200, body: { googleEnabled: true } }),
};

function renderApp(path: string | { pathname: string; state?: unknown }, handlers: Record<string, Handler>) {
  const server = fakeServer({ ...signedOut, ...handlers });
  // Public calls use the global fetch; the session manager gets the same fake.
  vi.stubGlobal('fetch', server.fetch);
  const manager = new SessionManager({ fetch: server.fetch });
  void manager.start();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders manager={manager} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, server, manager };
}

beforeEach(() => {
  // The test DOM has no layout: ScrollRestoration's scrolling is a no-op here.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('routes and the sign-in guard', () => {
  it('shows the loading screen while the session is being restored', async () => {
    let answer: (reply: Reply) => void = () => {};
    renderApp('/dashboard', {
      'POST /api/auth/refresh': () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });

    const status = await screen.findByRole('status');
    expect(status).toHaveProperty('textContent', 'Loading...Please wait while we authenticate you');
    await act(async () => answer({ status: 200, body: session() }));
    // The dashboard's code is the largest route module, transformed on its first import: on a loaded
    // machine that alone can take several seconds.
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, { timeout: 15_000 });
    // The wait for the first import above needs a test timeout longer than its own 15 seconds.
  }, 30_000);

  it('sends a signed-out visitor to /signin and back to the page they wanted after signing in', async () => {
    const { router } = renderApp('/leaderboard', {
      'POST /api/auth/signin': () => ({ status: 200, body: session() }),
    });

    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { name: 'Travel Leaderboard' });
    expect(router.state.location.pathname).toBe('/leaderboard');
  });

  it('sends a signed-in visitor from the landing page to the dashboard, which welcomes them by name', async () => {
    const { router } = renderApp('/', { 'POST /api/auth/refresh': () => ({ status: 200, body: session() }) });

    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(document.title).toBe('Dashboard · Waymarks');
  });

  it('shows Page not found at an unknown path, naming it, with the way home', async () => {
    const { router } = renderApp('/nowhere', {});
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(screen.getByRole('main').textContent).toContain('There is no page at /nowhere.');
    expect(document.title).toBe('Page not found · Waymarks');

    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await screen.findByRole('heading', { name: 'Map Your Adventures' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists in its router exactly the page paths the server knows', () => {
    const paths = (routes: RouteObject[]): string[] =>
      routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
    expect(
      paths(routes)
        .filter((path) => path !== '*')
        .sort(),
    ).toEqual([...APP_PATHS].sort());
  });

  it('redirects /login to /signin, keeping its notice', async () => {
    const { router } = renderApp('/', {});
    await screen.findByRole('heading', { name: 'Map Your Adventures' });

    await act(() => router.navigate('/login', { state: { notice: 'accountVerified' } }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('status').textContent).toBe('Account verified! Please sign in.');
  });

  it('signs out from a guarded page and lands on /signin', async () => {
    const { router, server } = renderApp('/dashboard', {
      'POST /api/auth/refresh': () => ({ status: 200, body: session() }),
      'POST /api/auth/signout': () => ({ status: 200, body: { ok: true } }),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(server.calls).toContain('POST /api/auth/signout');
  });
});

describe('/signin', () => {
  it('shows the field rules under each field, tied to it, and clears a field error when it is edited', async () => {
    renderApp('/signin', {});
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Email is required',
    );
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Password is required',
    );
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: 'not-an-address' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Password is required')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.queryByText('Please enter a valid email')).not.toBeNull();
  });

  it('disables the button with "Signing in..." and shows the server message when sign-in fails', async () => {
    let answer: (reply: Reply) => void = () => {};
    renderApp('/signin', {
      'POST /api/auth/signin': () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toHaveProperty('disabled', true);

    await act(async () => answer(apiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password')));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
  });

  it('falls back to "Sign in failed" and to "An unexpected error occurred"', async () => {
    let attempt = 0;
    renderApp('/signin', {
      'POST /api/auth/signin': () => {
        attempt += 1;
        if (attempt === 1) return { status: 500, body: 'oops' };
        throw new TypeError('Failed to fetch');
      },
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign in failed');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred'));
  });

  it('shows the code step for an account whose e-mail is not confirmed yet', async () => {
    renderApp('/signin', {
      'POST /api/auth/signin': () => apiError(403, 'USER_NOT_CONFIRMED', 'Please confirm your e-mail first'),
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.queryByText('ada@example.com')).not.toBeNull();
  });

  it('shows "Session expired. Please log in again." as an error banner', async () => {
    renderApp({ pathname: '/signin', state: { notice: 'sessionExpired' } }, {});
    expect((await screen.findByRole('alert')).textContent).toBe('Session expired. Please log in again.');
  });

  describe.each(['/signin', '/signup'])('Google sign-in on %s', (path) => {
    afterEach(() => setPublicConfig(DEFAULT_PUBLIC_CONFIG));

    it('is offered, above an "or", when the server has a Google client', async () => {
      setPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, googleEnabled: true });
      renderApp(path, {});
      const google = await screen.findByRole('button', { name: 'Continue with Google' });
      expect(google).toHaveProperty('disabled', false);
      expect(screen.queryByText('or')).not.toBeNull();
    });

    it('is not shown at all, nor its "or", when the server has none', async () => {
      setPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, googleEnabled: false });
      renderApp(path, {});
      await screen.findByRole('textbox', { name: 'Email' });
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
      expect(screen.queryByText('or')).toBeNull();
      expect(screen.queryByText(/not set up/)).toBeNull();
    });
  });

  it('toggles the password between hidden and shown', async () => {
    renderApp('/signin', {});
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('sends a reset link from the dialog and confirms it on the page', async () => {
    const sentTo: unknown[] = [];
    renderApp('/signin', {
      'POST /api/auth/forgot-password': (body) => {
        sentTo.push(body);
        return { status: 200, body: { ok: true } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(within(dialog).queryByText('Email is required')).not.toBeNull();
    // The dialog's form only: the sign-in form it was opened from is not submitted with it.
    expect(screen.getAllByText('Email is required')).toHaveLength(1);
    expect(screen.queryByText('Password is required')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Password reset instructions sent to your email!',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
    expect(sentTo).toEqual([{ email: 'ada@example.com' }]);
  });

  it('clears the e-mail and errors of the reset dialog on Cancel', async () => {
    renderApp('/signin', {});
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(within(dialog).queryByText('Email is required')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Email is required')).toBeNull();
    expect(within(dialog).getByLabelText('Email')).toHaveProperty('value', '');
  });
});

describe('/signup', () => {
  function fillForm() {
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Secret123' } });
  }

  it('validates every field with the shared rules', async () => {
    renderApp('/signup', {});
    fireEvent.change(await screen.findByLabelText(/Username/), { target: { value: 'a b' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.queryByText('Name is required')).not.toBeNull();
    expect(screen.queryByText('Email is required')).not.toBeNull();
    expect(
      screen.queryByText('Username can only contain letters, numbers, underscore, and hyphen'),
    ).not.toBeNull();
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeNull();
    expect(screen.queryByText('Passwords do not match')).not.toBeNull();
    expect(screen.getByLabelText(/Username/).getAttribute('maxlength')).toBe('50');
  });

  it('signs up, verifies the code, signs in with the same password and opens the dashboard', async () => {
    const bodies: Record<string, unknown> = {};
    const { router } = renderApp('/signup', {
      'POST /api/auth/signup': (body) => {
        bodies.signup = body;
        return { status: 201, body: { email: 'ada@example.com' } };
      },
      'POST /api/auth/verify': (body) => {
        bodies.verify = body;
        return { status: 200, body: { ok: true } };
      },
      'POST /api/auth/signin': (body) => {
        bodies.signin = body;
        return { status: 200, body: session() };
      },
    });
    await screen.findByLabelText('Full name');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('heading', { name: 'Check your email' });
    const code = screen.getByLabelText('Verification code');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.queryByText('Verification code is required')).not.toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('heading', { name: /^Welcome, / });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual({
      signup: { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'Secret123' },
      verify: { email: 'ada@example.com', code: '123456', password: 'Secret123' },
      signin: { email: 'ada@example.com', password: 'Secret123' },
    });
  });

  it('goes to /signin with "Account verified! Please sign in." when the automatic sign-in fails', async () => {
    const { router } = renderApp('/signup', {
      'POST /api/auth/signup': () => ({ status: 201, body: { email: 'ada@example.com' } }),
      'POST /api/auth/verify': () => ({ status: 200, body: { ok: true } }),
      'POST /api/auth/signin': () => apiError(429, 'RATE_LIMITED', 'Too many requests'),
    });
    await screen.findByLabelText('Full name');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('status').textContent).toBe('Account verified! Please sign in.');
  });

  it('resends the code, shows the server message for a wrong code, and goes back keeping the values', async () => {
    renderApp('/signup', {
      'POST /api/auth/signup': () => ({ status: 201, body: { email: 'ada@example.com' } }),
      'POST /api/auth/resend-code': () => ({ status: 200, body: { ok: true } }),
      'POST /api/auth/verify': () =>
        apiError(400, 'CODE_MISMATCH', 'Invalid verification code provided, please try again.'),
    });
    await screen.findByLabelText('Full name');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email' });

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('status')).textContent).toBe('Verification code resent!');

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid verification code provided, please try again.',
    );

    fireEvent.click(screen.getByRole('button', { name: '← Back to sign up' }));
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Ada Lovelace');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'Secret123');
  });

  it('shows a taken username under the username field', async () => {
    renderApp('/signup', {
      'POST /api/auth/signup': () => apiError(409, 'USERNAME_TAKEN', 'That username is already taken'),
    });
    await screen.findByLabelText('Full name');
    fillForm();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const username = screen.getByLabelText(/Username/);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText('That username is already taken')).not.toBeNull();
  });
});

describe('/oauth/callback', () => {
  it('shows why the sign-in failed with Try Again', async () => {
    const { router } = renderApp('/oauth/callback?error=access_denied', {});

    await screen.findByRole('heading', { name: 'Sign In Failed' });
    expect(screen.getByRole('alert').textContent).toBe('OAuth error: Google sign-in was cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('never shows words taken from the link: an unknown reason reads as the general failure', async () => {
    renderApp(`/oauth/callback?error=${encodeURIComponent('Your account is locked. Call +1 555 0100')}`, {});
    expect((await screen.findByRole('alert')).textContent).toBe('OAuth error: OAuth callback failed');
  });

  it('says when no code came back', async () => {
    renderApp('/oauth/callback', {});
    expect((await screen.findByRole('alert')).textContent).toBe('No authorization code received');
  });

  it('exchanges the code exactly once, even under StrictMode, then opens the dashboard', async () => {
    const { router, server } = renderApp('/oauth/callback?code=one-time', {
      'POST /api/auth/oauth/exchange': () => ({ status: 200, body: session() }),
    });

    await screen.findByText('Processing your Google authentication');
    await screen.findByRole('heading', { name: /^Welcome, / }, { timeout: 2000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.calls.filter((call) => call === 'POST /api/auth/oauth/exchange')).toHaveLength(1);
  });

  it('shows the server message when the exchange fails', async () => {
    renderApp('/oauth/callback?code=used', {
      'POST /api/auth/oauth/exchange': () =>
        apiError(400, 'OAUTH_CODE_USED', 'Authorization code has already been used'),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Authorization code has already been used');
  });
});
