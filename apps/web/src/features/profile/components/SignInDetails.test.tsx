// @vitest-environment happy-dom
// The e-mail and password on /profile against a stubbed server: each form checks its fields with the
// sign-up's rules and messages before asking, shows a refusal at the field it concerns, says when it is
// done; the e-mail moves in two steps (the code field gets the focus); an account that signs in with Google
// only is offered the link that sets a password instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type User } from '@waymarks/shared';
import { ApiError } from '../../../lib/api';
import { PROFILE_MESSAGES } from '../messages';
import { buildCountries, buildProfile } from '../profile.testing';
import {
  answer,
  calledPaths,
  renderAt,
  serve,
  type RequestMock,
  type RequestOptions,
} from '../render.testing';
import { ProfileScreen } from './ProfileScreen';

const { request, reloadUser, signOut } = vi.hoisted(() => ({
  request: vi.fn() as unknown as RequestMock,
  reloadUser: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request, reloadUser, signOut }) }));
vi.mock('../leave-page', () => ({ leavePage: vi.fn() }));

const basics = (profile = buildProfile()) => ({
  'GET /profile': answer(profile),
  'GET /countries': answer(buildCountries([])),
  'GET /leaderboard/settings': answer({ showOnLeaderboard: false }),
});

/** The server's refusal with its code, as the route words it. */
const refuseWith = (status: number, code: string, message: string) => () =>
  Promise.reject(new ApiError(status, JSON.stringify({ error: { code, message } })));

/** Records each body sent to the route and answers with `reply`. */
function recording(bodies: unknown[], reply: () => Promise<unknown>) {
  return (options?: RequestOptions) => {
    bodies.push(options?.body);
    return reply();
  };
}

const MOVED: User = {
  userId: 'user-1',
  email: 'ada@new.example',
  name: 'Ada Lovelace',
  username: 'ada',
  picture: null,
  emailVerified: true,
  tier: 'free',
  signupDate: '2024-03-05T10:00:00.000Z',
};

const section = () => screen.findByRole('region', { name: 'E-mail and password' });
const passwordForm = async () => within(await section()).getByRole('form', { name: 'Change password' });
const emailForm = async () => within(await section()).getByRole('form', { name: 'Change e-mail address' });

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.mocked(request).mockReset();
  reloadUser.mockReset().mockResolvedValue(MOVED);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

describe('the password form', () => {
  it('checks the fields with the sign-up’s rules before asking, focusing the first one that failed', async () => {
    serve(request, basics());
    renderAt(<ProfileScreen />);
    const form = await passwordForm();
    const current = within(form).getByLabelText('Current password');
    const next = within(form).getByLabelText('New password');
    const confirm = within(form).getByLabelText('Confirm new password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(next.getAttribute('autocomplete')).toBe('new-password');

    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(document.activeElement).toBe(current);
    expect(within(form).getAllByText(MESSAGES.passwordRequired)).toHaveLength(2);

    fireEvent.change(current, { target: { value: 'Old-horse1' } });
    fireEvent.change(next, { target: { value: 'alllowercase1' } });
    fireEvent.change(confirm, { target: { value: 'alllowercase1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(document.activeElement).toBe(next);
    expect(within(form).getByText(MESSAGES.passwordWeak)).toBeTruthy();

    fireEvent.change(next, { target: { value: 'New-horse2' } });
    fireEvent.change(confirm, { target: { value: 'New-horse3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(calledPaths(request)).not.toContain('POST /auth/password');
  });

  it('shows a wrong current password at its field, keeping what was typed', async () => {
    const wrong = 'Your current password is not right. Nothing has been changed.';
    serve(request, {
      ...basics(),
      'POST /auth/password': refuseWith(403, 'INVALID_CREDENTIALS', wrong),
    });
    renderAt(<ProfileScreen />);
    const form = await passwordForm();
    const current = within(form).getByLabelText('Current password') as HTMLInputElement;
    fireEvent.change(current, { target: { value: 'Wrong-horse1' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'New-horse2' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'New-horse2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(wrong)).toBeTruthy();
    expect(document.activeElement).toBe(current);
    expect(current.value).toBe('Wrong-horse1');
  });

  it('sends the current and the new password, says it is done and that other devices were signed out, and clears the form', async () => {
    const bodies: unknown[] = [];
    serve(request, { ...basics(), 'POST /auth/password': recording(bodies, answer({ ok: true })) });
    renderAt(<ProfileScreen />);
    const form = await passwordForm();
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Old-horse1' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'New-horse2' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'New-horse2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    expect((await within(form).findByRole('status')).textContent).toBe(PROFILE_MESSAGES.passwordChanged);
    expect(bodies).toEqual([{ currentPassword: 'Old-horse1', newPassword: 'New-horse2' }]);
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect((within(form).getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('the e-mail form', () => {
  it('checks the address and the password before asking', async () => {
    serve(request, basics());
    renderAt(<ProfileScreen />);
    const form = await emailForm();
    const address = within(form).getByLabelText('New e-mail address');
    fireEvent.change(address, { target: { value: 'not-an-address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(document.activeElement).toBe(address);
    expect(within(form).getByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.passwordRequired)).toBeTruthy();
    expect(calledPaths(request)).not.toContain('POST /auth/email');
  });

  it('sends the address and the password, then focuses the code field; the code moves the account and says so', async () => {
    const requests: unknown[] = [];
    const confirms: unknown[] = [];
    let profile = buildProfile();
    serve(request, {
      ...basics(),
      'GET /profile': () => Promise.resolve(profile),
      'POST /auth/email': recording(
        requests,
        answer({ email: 'ada@new.example', expiresAt: '2030-01-01T00:10:00.000Z' }),
      ),
      'POST /auth/email/confirm': recording(confirms, () => {
        profile = buildProfile('free', { email: 'ada@new.example' });
        return Promise.resolve(MOVED);
      }),
    });
    renderAt(<ProfileScreen />);
    const form = await emailForm();
    fireEvent.change(within(form).getByLabelText('New e-mail address'), {
      target: { value: ' ada@new.example ' },
    });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Old-horse1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));

    const code = (await within(form).findByLabelText('Code from the e-mail')) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(requests).toEqual([{ newEmail: 'ada@new.example', currentPassword: 'Old-horse1' }]);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.maxLength).toBe(6);
    const hint = document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toContain('We sent a 6-digit code to ada@new.example');
    expect(hint.textContent).toContain('your address stays ada@example.com');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm new address' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Your e-mail address is now ada@new.example. We sent a notice to ada@example.com.',
    );
    expect(confirms).toEqual([{ code: '123456' }]);
    expect(reloadUser).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Account details' }).textContent).toContain(
        'ada@new.example',
      ),
    );
    expect(within(form).getByLabelText('New e-mail address')).toBeTruthy();
  });

  it('shows a wrong code at the code field; another address can be chosen, keeping the one typed', async () => {
    const wrong = 'That code is not right or has expired. Ask for a new code and try again.';
    serve(request, {
      ...basics(),
      'POST /auth/email': answer({ email: 'ada@new.example', expiresAt: '2030-01-01T00:10:00.000Z' }),
      'POST /auth/email/confirm': refuseWith(400, 'CODE_MISMATCH', wrong),
    });
    renderAt(<ProfileScreen />);
    const form = await emailForm();
    fireEvent.change(within(form).getByLabelText('New e-mail address'), {
      target: { value: 'ada@new.example' },
    });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Old-horse1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    const code = (await within(form).findByLabelText('Code from the e-mail')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm new address' }));

    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(wrong)).toBeTruthy();
    expect(code.value).toBe('000000');

    fireEvent.click(within(form).getByRole('button', { name: 'Send a new code' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'We sent a new code to ada@new.example.',
    );

    fireEvent.click(within(form).getByRole('button', { name: 'Use another address' }));
    expect((within(form).getByLabelText('New e-mail address') as HTMLInputElement).value).toBe(
      'ada@new.example',
    );
  });

  it('shows the current address refused at the address field', async () => {
    const same = 'This is already your e-mail address.';
    serve(request, { ...basics(), 'POST /auth/email': refuseWith(400, 'EMAIL_UNCHANGED', same) });
    renderAt(<ProfileScreen />);
    const form = await emailForm();
    const address = within(form).getByLabelText('New e-mail address');
    fireEvent.change(address, { target: { value: 'ada@example.com' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Old-horse1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(same)).toBeTruthy();
  });
});

describe('an account that signs in with Google only', () => {
  it('has no forms, but a button that mails the link to set a password to its own address', async () => {
    const bodies: unknown[] = [];
    serve(request, {
      ...basics(buildProfile('free', { googleOnly: true })),
      'POST /auth/forgot-password': recording(bodies, answer({ ok: true })),
    });
    renderAt(<ProfileScreen />);
    const region = await section();
    expect(within(region).queryByRole('form')).toBeNull();
    expect(region.textContent).toContain('You sign in with Google, so your account has no password.');

    fireEvent.click(within(region).getByRole('button', { name: 'E-mail me a link to set a password' }));
    expect((await within(region).findByRole('status')).textContent).toBe(
      'We sent a link to ada@example.com. It works for 1 hour.',
    );
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
    expect(within(region).getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });
});
