// @vitest-environment happy-dom
// /profile against a stubbed server: loading, error and retry, the payment return, landing on the plan,
// the due plan change, the display name and the username, the opt-in, the figures and the countries breakdown, billing lines.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LEADERBOARD_MESSAGES } from '../../leaderboard';
import { PROFILE_MESSAGES } from '../messages';
import { buildCountries, buildCountry, buildProfile } from '../profile.testing';
import {
  answer,
  calledPaths,
  currentLocation,
  refuse,
  renderAt,
  serve,
  type RequestMock,
} from '../render.testing';
import { ProfileScreen } from './ProfileScreen';

const { request, reloadUser, signOut, leavePage } = vi.hoisted(() => ({
  request: vi.fn() as unknown as RequestMock,
  reloadUser: vi.fn(),
  signOut: vi.fn(),
  leavePage: vi.fn(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request, reloadUser, signOut }) }));
vi.mock('../leave-page', () => ({ leavePage }));

const NO_COUNTRIES = buildCountries([]);
const basics = (profile = buildProfile(), countries = NO_COUNTRIES) => ({
  'GET /profile': answer(profile),
  'GET /countries': answer(countries),
  'GET /leaderboard/settings': answer({ showOnLeaderboard: false }),
});

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.mocked(request).mockReset();
  reloadUser.mockReset().mockResolvedValue(undefined);
  leavePage.mockReset();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

const planSection = () => screen.getByRole('region', { name: 'Your plan' });

describe('ProfileScreen', () => {
  it('shows a loading skeleton, then the profile with its header, avatar initial and details', async () => {
    let release: (value: unknown) => void = () => {};
    serve(request, {
      ...basics(),
      'GET /profile': () => new Promise((resolve) => (release = resolve)),
    });
    renderAt(<ProfileScreen />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile & Settings');
    expect(screen.getByRole('status').textContent).toContain('Loading your profile...');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();

    release(buildProfile('free', { totalPins: 3, mediaCount: 7 }));
    const avatar = await screen.findByRole('region', { name: 'Avatar' });
    expect(avatar.textContent).toContain('A');
    expect(avatar.textContent).toContain('Ada Lovelace');
    const customize = within(avatar).getByRole('button', { name: 'Customize Avatar' }) as HTMLButtonElement;
    expect(customize.disabled).toBe(false);
    const details = screen.getByRole('region', { name: 'Account details' });
    expect(details.textContent).toContain('ada@example.com');
    expect(details.textContent).toContain('March 5, 2024');
    const figures = within(screen.getByRole('list', { name: 'Your figures' })).getAllByRole('listitem');
    expect(figures.map((tile) => tile.textContent)).toEqual(['0Countries', '3Pins', '7Media']);
  });

  it('shows Unable to Load Profile when loading fails, and Retry Loading loads it again', async () => {
    let attempts = 0;
    serve(request, {
      ...basics(),
      'GET /profile': () => {
        attempts += 1;
        return attempts === 1 ? refuse(500, 'Database unavailable')() : Promise.resolve(buildProfile());
      },
    });
    renderAt(<ProfileScreen />);

    expect((await screen.findByRole('heading', { name: 'Unable to Load Profile' })).tagName).toBe('H2');
    expect(screen.getByRole('alert').textContent).toBe('Failed to load profile data');
    fireEvent.click(screen.getByRole('button', { name: 'Retry Loading' }));
    expect(await screen.findByRole('region', { name: 'Your plan' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it.each([
    ['success', 'Payment successful! Your subscription has been updated.'],
    ['cancelled', 'Payment was cancelled. You can try again anytime.'],
  ])('on ?payment=%s says so and replaces the URL with /profile', async (payment, message) => {
    serve(request, basics());
    renderAt(<ProfileScreen />, `/profile?payment=${payment}`);

    expect((await screen.findByText(message)).textContent).toBe(message);
    expect(currentLocation()).toBe('/profile');
    if (payment === 'success') expect(reloadUser).toHaveBeenCalled();
    else expect(reloadUser).not.toHaveBeenCalled();
  });

  it.each(['/profile?tab=subscription', '/profile#profile'])(
    'on %s focuses the plan section',
    async (path) => {
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      serve(request, basics());
      renderAt(<ProfileScreen />, path);

      await waitFor(() => expect(document.activeElement).toBe(planSection()));
      expect(scrolled.mock.contexts[0]).toBe(planSection());
    },
  );

  it('processes a pending change whose date has passed, then loads the profile again', async () => {
    const due = buildProfile('standard', {
      pendingTierChange: {
        tier: 'basic',
        name: 'Adventurer',
        price: 4.99,
        effectiveDate: '2020-01-01T00:00:00Z',
      },
    });
    let profile = due;
    serve(request, {
      ...basics(),
      'GET /profile': () => Promise.resolve(profile),
      'POST /process-pending-tier-change': () => {
        profile = buildProfile('basic');
        return Promise.resolve({ processed: true, tier: 'basic', pendingTierChange: null });
      },
    });
    renderAt(<ProfileScreen />);

    await waitFor(() => expect(within(planSection()).getByText('Adventurer')).toBeTruthy());
    expect(calledPaths(request).filter((path) => path === 'POST /process-pending-tier-change')).toHaveLength(
      1,
    );
    expect(calledPaths(request).filter((path) => path === 'GET /profile').length).toBeGreaterThanOrEqual(2);
    expect(reloadUser).toHaveBeenCalled();
  });

  it('leaves a pending change that is not due yet alone and shows it', async () => {
    serve(
      request,
      basics(
        buildProfile('standard', {
          pendingTierChange: {
            tier: 'basic',
            name: 'Adventurer',
            price: 4.99,
            effectiveDate: '2999-06-01T12:00:00Z',
          },
        }),
      ),
    );
    renderAt(<ProfileScreen />);

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('Changing to Adventurer ($4.99/month) on June 1, 2999.');
    expect(within(plan).getByRole('button', { name: 'Modify Change' })).toBeTruthy();
    expect(calledPaths(request)).not.toContain('POST /process-pending-tier-change');
  });

  it('saves a trimmed username and says so, and shows the server refusal otherwise', async () => {
    const bodies: unknown[] = [];
    serve(request, {
      ...basics(),
      'PUT /profile': (options) => {
        bodies.push(options?.body);
        return bodies.length === 1
          ? Promise.resolve(buildProfile('free', { username: 'ada_l' }))
          : refuse(409, 'That username is taken')();
      },
    });
    renderAt(<ProfileScreen />);
    const field = (await screen.findByLabelText('Username')) as HTMLInputElement;

    fireEvent.change(field, { target: { value: '  ada_l  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save username' }));
    expect((await screen.findByText(PROFILE_MESSAGES.usernameUpdated)).textContent).toBeTruthy();
    expect(bodies[0]).toEqual({ username: 'ada_l' });
    expect(field.value).toBe('ada_l');
    expect(reloadUser).toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save username' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That username is taken');
    expect(field.value).toBe('taken');
  });

  it('saves a trimmed display name and says so; an empty or one-letter name is refused before asking', async () => {
    const bodies: unknown[] = [];
    serve(request, {
      ...basics(),
      'PUT /profile': (options) => {
        bodies.push(options?.body);
        return Promise.resolve(buildProfile('free', { name: 'Ada King' }));
      },
    });
    renderAt(<ProfileScreen />);
    const field = (await screen.findByLabelText('Display name')) as HTMLInputElement;
    expect(field.value).toBe('Ada Lovelace');
    expect(field.getAttribute('autocomplete')).toBe('name');

    fireEvent.change(field, { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field.closest('form')!);
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(calledPaths(request)).not.toContain('PUT /profile');

    fireEvent.change(field, { target: { value: '  Ada King ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect((await screen.findByText(PROFILE_MESSAGES.nameUpdated)).textContent).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Ada King' }]);
    expect(field.value).toBe('Ada King');
    expect(reloadUser).toHaveBeenCalled();
  });

  it('checks the username rules before asking, and says which one failed', async () => {
    serve(request, basics());
    renderAt(<ProfileScreen />);
    const field = await screen.findByLabelText('Username');

    fireEvent.change(field, { target: { value: 'no spaces' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save username' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Username can only contain letters, numbers, underscore, and hyphen'),
    ).toBeTruthy();
    expect(calledPaths(request)).not.toContain('PUT /profile');
  });

  it('assumes the traveller is on the leaderboard when the setting cannot be read, and toggles it', async () => {
    serve(request, {
      ...basics(),
      'GET /leaderboard/settings': refuse(500, 'down'),
      'PUT /leaderboard/settings': (options) => Promise.resolve(options?.body),
    });
    renderAt(<ProfileScreen />);

    const toggle = await screen.findByRole('switch', { name: 'Show me on the leaderboard' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    expect((await screen.findByText(LEADERBOARD_MESSAGES.left)).textContent).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('link', { name: 'View Leaderboard' }).getAttribute('href')).toBe('/leaderboard');
  });

  it('lists countries by storage used, largest first, with their share of the plan', async () => {
    const countries = buildCountries([
      buildCountry('FR', 'France', 10, 3),
      buildCountry('JP', 'Japan', 512, 1),
      buildCountry('PE', 'Peru', 0.01, 2),
    ]);
    serve(request, basics(buildProfile('free', { usedMB: 522 }), countries));
    renderAt(<ProfileScreen />);

    const section = await screen.findByRole('region', { name: 'Countries breakdown' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    const rows = within(section)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Japan');
    expect(rows[0]).toContain('512 MB');
    expect(rows[0]).toContain("50% of your plan's storage");
    expect(rows[1]).toContain('France');
    expect(rows[1]).toContain("1% of your plan's storage");
    expect(rows[2]).toContain('Peru');
    expect(rows[2]).toContain("<0.1% of your plan's storage");
    expect(
      within(screen.getByRole('list', { name: 'Your figures' })).getAllByRole('listitem')[0]?.textContent,
    ).toBe('3Countries');
  });

  it.each([
    ['free', true],
    ['basic', true],
    ['standard', false],
  ] as const)(
    'on the %s plan, the leaderboard opt-in says whether the traveller can see the list they join: %s',
    async (tier, locked) => {
      serve(request, basics(buildProfile(tier)));
      renderAt(<ProfileScreen />);
      const card = await screen.findByRole('region', { name: 'Leaderboard' });
      const says = card.textContent ?? '';
      expect(says.includes('The leaderboard needs the Explorer plan or higher.')).toBe(locked);
      expect(says.includes('you cannot see the list yourself')).toBe(locked);
    },
  );

  it('says there are no countries yet when nothing is pinned', async () => {
    serve(request, basics());
    renderAt(<ProfileScreen />);
    const section = await screen.findByRole('region', { name: 'Countries breakdown' });
    await waitFor(() => expect(section.textContent).toContain('No countries yet.'));
  });

  it("tells a traveller nothing of the server's billing configuration, and offers no billing portal without Stripe", async () => {
    serve(request, basics(buildProfile('basic')));
    renderAt(<ProfileScreen />);
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).not.toMatch(/server|configured|billing/i);
    expect(within(plan).queryByRole('button', { name: 'Manage billing' })).toBeNull();

    fireEvent.click(within(plan).getByRole('button', { name: 'Change Plan' }));
    const chooser = screen.getByRole('dialog', { name: 'Choose your plan' });
    expect(chooser.textContent).not.toMatch(/server|configured/i);
    expect(chooser.textContent).toContain('Your new plan starts as soon as you confirm it.');
  });

  it('with Stripe shows when the trial ends, and Manage billing goes to the portal', async () => {
    const profile = buildProfile('standard', {
      billing: {
        mode: 'stripe',
        subscriptionStatus: 'trialing',
        trialEndsAt: '2025-04-10T00:00:00Z',
        currentPeriodEnd: '2025-04-10T00:00:00Z',
        cancelAtPeriodEnd: false,
        portalAvailable: true,
        trialDays: 7,
      },
    });
    serve(request, {
      ...basics(profile),
      'POST /billing/portal': answer({ url: 'https://billing.stripe.com/p/session/abc' }),
    });
    renderAt(<ProfileScreen />);

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('Free trial ends on April 10, 2025. The first payment is taken then.');
    expect(plan.textContent).not.toContain('Renews on');
    fireEvent.click(within(plan).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://billing.stripe.com/p/session/abc'));
  });

  it('with a cancelled Stripe subscription says when it ends', async () => {
    const profile = buildProfile('plus', {
      billing: {
        mode: 'stripe',
        subscriptionStatus: 'active',
        trialEndsAt: null,
        currentPeriodEnd: '2025-05-02T00:00:00Z',
        cancelAtPeriodEnd: true,
        portalAvailable: false,
        trialDays: 7,
      },
    });
    serve(request, basics(profile));
    renderAt(<ProfileScreen />);

    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('Your subscription is cancelled and ends on May 2, 2025.');
    expect(within(plan).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('asks for the export link and follows it', async () => {
    serve(request, {
      ...basics(),
      'GET /account/export-url': answer({
        downloadUrl: '/api/account/export?token=t',
        expiresAt: '2030-01-01',
      }),
    });
    renderAt(<ProfileScreen />);

    fireEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/account/export?token=t'));
    expect(screen.getByRole('region', { name: 'Your data and account' }).textContent).toContain(
      'your pins as GeoJSON and every original photo and video',
    );
  });

  it('stays on the page and shows the refusal when the export cannot be prepared', async () => {
    serve(request, { ...basics(), 'GET /account/export-url': refuse(503, 'Storage is unavailable') });
    renderAt(<ProfileScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Storage is unavailable');
    expect(leavePage).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/profile');
  });
});
