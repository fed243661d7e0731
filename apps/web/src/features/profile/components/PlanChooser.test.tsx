// @vitest-environment jsdom
// The plan card and its chooser against a stubbed server: the labels per plan, the pending change,
// 'Processing', Stripe Checkout, a change applied at once (message, close, everything reloaded) and
// the failure texts (SPEC.md §4 Plan change, §8).
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

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Upgrade Now' })[1] as HTMLElement);
    await waitFor(() => expect(planButtons(dialog)[2]).toEqual(['Processing', true]));
    expect(planButtons(dialog)).toEqual([
      ['Current Plan', true],
      ['Upgrade Now', true],
      ['Processing', true],
      ['Upgrade Now', true],
      ['Upgrade Now', true],
    ]);
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

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Upgrade Now' })[0] as HTMLElement);
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    expect(reloadUser).not.toHaveBeenCalled();
  });

  it("shows the server's message when it refuses, and keeps the chooser open", async () => {
    serveProfile(buildProfile('basic'), {
      'POST /tier-upgrade': refuse(409, 'A plan change is already in progress'),
    });
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Upgrade Now' })[0] as HTMLElement);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A plan change is already in progress',
    );
    expect(screen.getByRole('dialog', { name: 'Choose your plan' })).toBeTruthy();
    expect(calledPaths(request)).toContain('POST /tier-upgrade');
  });

  it("says 'Failed to process tier change' when the failure carries no message", async () => {
    serveProfile(buildProfile('basic'), {
      'POST /tier-upgrade': () => Promise.reject(new ApiError(502, '<html>Bad gateway</html>')),
    });
    renderAt(<ProfileScreen />);
    const dialog = await openChooser('Change Plan');

    fireEvent.click(within(dialog).getByRole('button', { name: /^Downgrade/ }));
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
