// @vitest-environment happy-dom
// The plan card and its chooser against a stubbed server: the labels per plan, the pending change, the
// confirmation before a change (what it gains or loses, Back, focus), 'Processing', Stripe Checkout, a
// change applied at once (message, close, everything reloaded) and the failure texts (SPEC.md §4 Plan
// change, §8).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile, TierChangeResponse } from '@waymarks/shared';
import { ApiError } from '../../../lib/api';
import { PROFILE_MESSAGES } from '../messages';
import { buildCountries, buildProfile } from '../profile.testing';
import { answer, calledPaths, refuse, renderAt, serve, type RequestMock } from '../render.testing';
import { ProfileScreen } from './ProfileScreen';

const { request, reloadUser, leavePage } = vi.hoisted(() => ({
  request: vi.fn() as unknown as RequestMock,
  reloadUser: vi.fn(),
  leavePage: vi.fn(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request, reloadUser, signOut: vi.fn() }) }));
vi.mock('../leave-page', () => ({ leavePage }));

const changed = (overrides: Partial<TierChangeResponse> = {}): TierChangeResponse => ({
  success: true,
  message: 'Your plan is now Explorer.',
  redirectToCheckoutUrl: null,
  tier: 'standard',
  pendingTierChange: null,
  ...overrides,
});

function serveProfile(first: Profile, routes: Parameters<typeof serve>[1] = {}) {
  let profile = first;
  serve(request, {
    'GET /profile': () => Promise.resolve(profile),
    'GET /countries': answer(buildCountries([])),
    'GET /leaderboard/settings': answer({ showOnLeaderboard: true }),
    ...routes,
  });
  return (next: Profile) => (profile = next);
}

const planSection = () => screen.getByRole('region', { name: 'Your plan' });
async function openChooser(label: string) {
  fireEvent.click(
    within(await screen.findByRole('region', { name: 'Your plan' })).getByRole('button', { name: label }),
  );
  return screen.getByRole('dialog', { name: 'Choose your plan' });
}
const planButtons = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Plans' }))
    .getAllByRole('button')
    .map((button) => [button.textContent, (button as HTMLButtonElement).disabled]);
/** Chooses a plan by its button's name ('Upgrade Now: Explorer') and answers its confirmation. */
function choosePlan(dialog: HTMLElement, planButton: string, confirm: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: planButton }));
  fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
}
const STRIPE_SUBSCRIBED: Profile['billing'] = {
  mode: 'stripe',
  subscriptionStatus: 'active',
  trialEndsAt: null,
  currentPeriodEnd: '2999-05-01T00:00:00Z',
  cancelAtPeriodEnd: false,
  portalAvailable: true,
  trialDays: 7,
};

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

describe('PlanChooser', () => {
  it('on free offers every paid plan as an upgrade, with prices, storage and limits', async () => {
    serveProfile(buildProfile('free'));
    renderAt(<ProfileScreen />);

    const dialog = await openChooser('Upgrade Plan');
    expect(planButtons(dialog)).toEqual([
      ['Current Plan', true],
      ['Upgrade Now', false],
      ['Upgrade Now', false],
      ['Upgrade Now', false],
      ['Upgrade Now', false],
    ]);
    const text = within(dialog).getByRole('list', { name: 'Plans' }).textContent;
    for (const expected of [
      'Free',
      '$4.99/month',
      '$9.99/month',
      '$19.99/month',
      '$39.99/month',
      '2 TB storage',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Up to 10 pins');
    expect(text).toContain('Unlimited pins');
  });

  it("names each plan in its button's accessible name, its visible text unchanged", async () => {
    serveProfile(buildProfile('standard'));
    renderAt(<ProfileScreen />);

    const dialog = await openChooser('Change Plan');
    const buttons = within(within(dialog).getByRole('list', { name: 'Plans' })).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Downgrade: Wanderer',
      'Downgrade: Adventurer',
      'Current Plan: Explorer',
      'Upgrade Now: Pathfinder',
      'Upgrade Now: Cartographer',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Upgrade Now: Pathfinder' }).textContent).toBe(
      'Upgrade Now',
    );
  });

  it("on a paid plan reads 'Change Plan' and offers cheaper plans as 'Downgrade'", async () => {
    serveProfile(buildProfile('plus'));
    renderAt(<ProfileScreen />);

    const dialog = await openChooser('Change Plan');
    expect(planButtons(dialog).map(([label]) => label)).toEqual([
      'Downgrade',
      'Downgrade',
      'Downgrade',
      'Current Plan',
      'Upgrade Now',
    ]);
  });

  it("shows a pending change in the chooser too, where the button reads 'Modify Change'", async () => {
    serveProfile(
      buildProfile('standard', {
        pendingTierChange: {
          tier: 'free',
          name: 'Wanderer',
          price: 0,
          effectiveDate: '2999-02-03T00:00:00Z',
        },
      }),
    );
    renderAt(<ProfileScreen />);

    const dialog = await openChooser('Modify Change');
    expect(dialog.textContent).toContain('Scheduled: Wanderer (Free) from February 3, 2999.');
  });

  it('applies a change at once: Processing, then the message, the dialog closes and everything reloads', async () => {
    let release: (value: TierChangeResponse) => void = () => {};
    const setProfile = serveProfile(buildProfile('free'), {
      'POST /tier-upgrade': () => new Promise((resolve) => (release = resolve)),
    });
    const client = renderAt(<ProfileScreen />);
    const dialog = await openChooser('Upgrade Plan');

    choosePlan(dialog, 'Upgrade Now: Explorer', 'Confirm upgrade to Explorer');
    const confirm = await within(dialog).findByRole('button', { name: 'Processing' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(confirm);
    expect(calledPaths(request).filter((path) => path === 'POST /tier-upgrade')).toHaveLength(1);
    expect(request.mock.calls.find(([path]) => path === '/tier-upgrade')?.[1]?.body).toEqual({
      newTierId: 'standard',
    });

    const countriesBefore = client.getQueryState(['countries'])?.dataUpdateCount ?? 0;
    setProfile(buildProfile('standard'));
    release(changed());
    expect((await screen.findByText('Your plan is now Explorer.')).textContent).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(planSection()).getByText('Explorer')).toBeTruthy();
    expect(within(planSection()).getByText('0 GB / 100 GB used')).toBeTruthy();
    expect(within(planSection()).getByText('0 / 500 pins used')).toBeTruthy();
    expect(reloadUser).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(client.getQueryState(['countries'])?.dataUpdateCount).toBeGreaterThan(countriesBefore),
    );
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('goes to Stripe Checkout when the answer names it', async () => {
    serveProfile(buildProfile('free'), {
      'POST /tier-upgrade': answer(
        changed({ redirectToCheckoutUrl: 'https://checkout.stripe.com/c/pay/cs_1', tier: 'free' }),
      ),
    });
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Upgrade Plan');

    choosePlan(dialog, 'Upgrade Now: Adventurer', 'Confirm upgrade to Adventurer');
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    expect(reloadUser).not.toHaveBeenCalled();
  });

  it("shows the server's message when it refuses, and keeps the chooser open", async () => {
    serveProfile(buildProfile('basic'), {
      'POST /tier-upgrade': refuse(409, 'A plan change is already in progress'),
    });
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    choosePlan(dialog, 'Upgrade Now: Explorer', 'Confirm upgrade to Explorer');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A plan change is already in progress',
    );
    expect(screen.getByRole('dialog', { name: 'Choose your plan' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm upgrade to Explorer' })).toBeTruthy();
    expect(calledPaths(request)).toContain('POST /tier-upgrade');
  });

  it("says 'Failed to process tier change' when the failure carries no message", async () => {
    serveProfile(buildProfile('basic'), {
      'POST /tier-upgrade': () => Promise.reject(new ApiError(502, '<html>Bad gateway</html>')),
    });
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    choosePlan(dialog, 'Downgrade: Wanderer', 'Confirm downgrade to Wanderer');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PROFILE_MESSAGES.tierChangeFailed);
  });

  it('in Stripe mode on free tells the trial length before choosing', async () => {
    serveProfile(
      buildProfile('free', {
        billing: {
          mode: 'stripe',
          subscriptionStatus: 'none',
          trialEndsAt: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          portalAvailable: false,
          trialDays: 7,
        },
      }),
    );
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Upgrade Plan');
    expect(dialog.textContent).toContain('Paid plans start with a 7-day free trial.');
  });
});

describe('the confirmation of a plan change', () => {
  it('on an upgrade shows the plan, its price, what it gains and that everything is kept, asking nothing yet', async () => {
    serveProfile(buildProfile('basic'));
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now: Explorer' }));
    const heading = within(dialog).getByRole('heading', { name: 'Upgrade to Explorer?' });
    expect(document.activeElement).toBe(heading);
    expect(within(dialog).queryByRole('list', { name: 'Plans' })).toBeNull();
    const panel = within(dialog).getByRole('region', { name: 'Upgrade to Explorer?' });
    expect(panel.textContent).toContain('$9.99/month');
    const gains = within(within(panel).getByRole('list', { name: 'What you gain' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(gains).toEqual([
      'Storage: 100 GB instead of 25 GB',
      'Pins: up to 500 instead of up to 100',
      'Photos & videos per pin: up to 50 instead of up to 25',
      'Avatar customization: full instead of basic',
      'Global leaderboard',
      'Visited-country highlighting',
      'Email support',
    ]);
    expect(within(panel).queryByRole('list', { name: 'What you lose' })).toBeNull();
    expect(panel.textContent).toContain(PROFILE_MESSAGES.planChangeKeeps);
    expect(calledPaths(request)).not.toContain('POST /tier-upgrade');
  });

  it('on a downgrade shows what it locks and lowers, that everything is kept, and when a Stripe period ends', async () => {
    serveProfile(buildProfile('plus', { billing: STRIPE_SUBSCRIBED }));
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Downgrade: Explorer' }));
    const panel = within(dialog).getByRole('region', { name: 'Downgrade to Explorer?' });
    const losses = within(within(panel).getByRole('list', { name: 'What you lose' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(losses).toEqual([
      'Storage: 100 GB instead of 500 GB',
      'Pins: up to 500 instead of unlimited',
      'Photos & videos per pin: up to 50 instead of up to 100',
      'Avatar customization: full instead of premium',
      'Verification badges',
      'Priority support',
    ]);
    expect(panel.textContent).toContain(PROFILE_MESSAGES.planChangeKeeps);
    expect(panel.textContent).toContain(
      'The change applies on May 1, 2999, at the end of your billing period. Until then you keep Pathfinder.',
    );
    expect(within(panel).getByRole('button', { name: 'Confirm downgrade to Explorer' })).toBeTruthy();
  });

  it('asks for the chosen plan once when confirmed', async () => {
    serveProfile(buildProfile('standard', { billing: STRIPE_SUBSCRIBED }), {
      'POST /tier-upgrade': answer(
        changed({ message: 'Your plan changes on May 1, 2999.', tier: 'standard' }),
      ),
    });
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    choosePlan(dialog, 'Downgrade: Adventurer', 'Confirm downgrade to Adventurer');
    expect((await screen.findByText('Your plan changes on May 1, 2999.')).textContent).toBeTruthy();
    const asked = request.mock.calls.filter(([path]) => path === '/tier-upgrade');
    expect(asked.map(([, options]) => options?.body)).toEqual([{ newTierId: 'basic' }]);
  });

  it('Back returns to the list with nothing changed, focus on the chosen plan', async () => {
    serveProfile(buildProfile('free'));
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Upgrade Plan');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now: Pathfinder' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Upgrade Now: Pathfinder' }),
      ),
    );
    expect(within(dialog).queryByRole('heading', { name: 'Upgrade to Pathfinder?' })).toBeNull();
    expect(planButtons(dialog)[0]).toEqual(['Current Plan', true]);
    expect(calledPaths(request)).not.toContain('POST /tier-upgrade');
    expect(within(planSection()).getByText('Wanderer')).toBeTruthy();
  });

  it('starts from the list when the chooser is opened again', async () => {
    serveProfile(buildProfile('free'));
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Upgrade Plan');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now: Explorer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openChooser('Upgrade Plan');
    expect(within(again).getByRole('list', { name: 'Plans' })).toBeTruthy();
    expect(within(again).queryByRole('heading', { name: 'Upgrade to Explorer?' })).toBeNull();
  });
});
