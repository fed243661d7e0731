// @vitest-environment happy-dom
// Deleting the account: the button waits for the account's e-mail and its password (or, for an account
// without one, an e-mailed code), the export is offered first, a refusal keeps the dialog and what was
// typed, and success signs out here and goes home with the notice state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildProfile, buildCountries } from '../profile.testing';
import {
  answer,
  calledPaths,
  currentLocation,
  currentState,
  refuse,
  renderAt,
  serve,
  type RequestMock,
} from '../render.testing';
import { ProfileScreen } from './ProfileScreen';
import { leavePage } from '../leave-page';

vi.mock('../leave-page', () => ({ leavePage: vi.fn() }));

const { request, signOut } = vi.hoisted(() => ({
  request: vi.fn() as unknown as RequestMock,
  signOut: vi.fn(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request, reloadUser: vi.fn(), signOut }) }));

const BASICS = {
  'GET /profile': answer(buildProfile('basic', { email: 'Ada@Example.com' })),
  'GET /countries': answer(buildCountries([])),
  'GET /leaderboard/settings': answer({ showOnLeaderboard: true }),
  'GET /account/deletion-confirmation': answer({ confirmWith: 'password' }),
};
const GOOGLE_ONLY = { ...BASICS, 'GET /account/deletion-confirmation': answer({ confirmWith: 'code' }) };

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  return {
    dialog,
    field: within(dialog).getByLabelText('Type Ada@Example.com to confirm') as HTMLInputElement,
    confirm: within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement,
  };
}

const passwordField = async (dialog: HTMLElement) =>
  (await within(dialog).findByLabelText('Your password')) as HTMLInputElement;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.mocked(request).mockReset();
  signOut.mockReset().mockResolvedValue(undefined);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

describe('DeleteAccountDialog', () => {
  it('keeps the button disabled until the e-mail typed matches the account and the password is given', async () => {
    serve(request, BASICS);
    renderAt(<ProfileScreen />);
    const { dialog, field, confirm } = await openDialog();
    const password = await passwordField(dialog);
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(password.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
    ).toMatch(/We ask for your password so that only you/);

    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'ada@example.co' } });
    fireEvent.change(password, { target: { value: 'Correct-Horse1' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(calledPaths(request)).not.toContain('DELETE /account');

    fireEvent.change(field, { target: { value: '  ADA@example.com ' } });
    fireEvent.change(password, { target: { value: '' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(password, { target: { value: 'Correct-Horse1' } });
    expect(confirm.disabled).toBe(false);
  });

  it("shows the server's refusal of a wrong password and keeps the dialog, what was typed and the session", async () => {
    serve(request, { ...BASICS, 'DELETE /account': refuse(403, 'That password is not right.') });
    renderAt(<ProfileScreen />);
    const { dialog, field, confirm } = await openDialog();
    const password = await passwordField(dialog);

    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.change(password, { target: { value: 'Wrong-Horse1' } });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That password is not right.');
    expect(field.value).toBe('ada@example.com');
    expect(password.value).toBe('Wrong-Horse1');
    expect(signOut).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/profile');
  });

  it('on success sends the e-mail and the password, signs out here and goes to / with the deleted notice', async () => {
    const bodies: unknown[] = [];
    serve(request, {
      ...BASICS,
      'DELETE /account': (options) => {
        bodies.push(options?.body);
        return Promise.resolve(undefined);
      },
    });
    renderAt(<ProfileScreen />);
    const { dialog, field, confirm } = await openDialog();

    fireEvent.change(field, { target: { value: ' ada@example.com ' } });
    fireEvent.change(await passwordField(dialog), { target: { value: 'Correct-Horse1' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'Correct-Horse1' }]);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(currentState()).toEqual({ accountDeleted: true });
    expect(screen.getByText('Elsewhere')).toBeTruthy();
  });

  it('Cancel closes the dialog and forgets what was typed', async () => {
    serve(request, BASICS);
    renderAt(<ProfileScreen />);
    const first = await openDialog();
    fireEvent.change(first.field, { target: { value: 'ada@example.com' } });
    fireEvent.change(await passwordField(first.dialog), { target: { value: 'Correct-Horse1' } });
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const second = await openDialog();
    expect(second.field.value).toBe('');
    expect((await passwordField(second.dialog)).value).toBe('');
  });

  it('offers the export first, inside the dialog, and follows its link', async () => {
    serve(request, {
      ...BASICS,
      'GET /account/export-url': answer({
        downloadUrl: '/api/account/export/t0k3n',
        expiresAt: '2030-01-01T00:00:00Z',
      }),
    });
    renderAt(<ProfileScreen />);
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export my data first' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/account/export/t0k3n'));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
  });

  it('for an account without a password, sends a code on request and deletes with it', async () => {
    const bodies: unknown[] = [];
    serve(request, {
      ...GOOGLE_ONLY,
      'POST /account/deletion-code': answer({ expiresAt: '2030-01-01T00:00:00Z' }),
      'DELETE /account': (options) => {
        bodies.push(options?.body);
        return Promise.resolve(undefined);
      },
    });
    renderAt(<ProfileScreen />);
    const { dialog, field, confirm } = await openDialog();
    const codeField = (await within(dialog).findByLabelText('Code from the e-mail')) as HTMLInputElement;
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    expect(codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(within(dialog).getByText(/signs in with Google and has no password/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    expect((await within(dialog).findByRole('status')).textContent).toMatch(
      /We sent a code to Ada@Example.com/,
    );
    expect(within(dialog).getByRole('button', { name: 'Send a new code' })).toBeTruthy();
    fireEvent.change(codeField, { target: { value: ' 123456 ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(bodies).toEqual([{ email: 'ada@example.com', code: '123456' }]);
  });

  it('shows a refused code and keeps the code typed, and a failed send says so', async () => {
    serve(request, {
      ...GOOGLE_ONLY,
      'POST /account/deletion-code': refuse(429, 'Too many attempts. Please try again later.'),
      'DELETE /account': refuse(403, 'That code is not right or has expired.'),
    });
    renderAt(<ProfileScreen />);
    const { dialog, field, confirm } = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send me a code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again later.',
    );
    const codeField = within(dialog).getByLabelText('Code from the e-mail') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.change(codeField, { target: { value: '654321' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain('That code is not right or has expired.'),
    );
    expect(codeField.value).toBe('654321');
    expect(signOut).not.toHaveBeenCalled();
  });
});
