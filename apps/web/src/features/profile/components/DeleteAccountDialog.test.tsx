// @vitest-environment jsdom
// Deleting the account: the button waits for the account's e-mail, a refusal keeps the dialog and what
// was typed, and success signs out here and goes home with the notice state.
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

const { request, signOut } = vi.hoisted(() => ({
  request: vi.fn() as unknown as RequestMock,
  signOut: vi.fn(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request, reloadUser: vi.fn(), signOut }) }));

const BASICS = {
  'GET /profile': answer(buildProfile('basic', { email: 'Ada@Example.com' })),
  'GET /countries': answer(buildCountries([])),
  'GET /leaderboard/settings': answer({ showOnLeaderboard: true }),
};

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  return {
    dialog,
    field: within(dialog).getByLabelText('Type Ada@Example.com to confirm') as HTMLInputElement,
    confirm: within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement,
  };
}

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
  it('keeps the button disabled until the e-mail typed matches the account (trimmed, any case)', async () => {
    serve(request, BASICS);
    renderAt(<ProfileScreen />);
    const { field, confirm } = await openDialog();

    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'ada@example.co' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(calledPaths(request)).not.toContain('DELETE /account');

    fireEvent.change(field, { target: { value: '  ADA@example.com ' } });
    expect(confirm.disabled).toBe(false);
  });

  it("shows the server's refusal and keeps the dialog, the typed e-mail and the session", async () => {
    serve(request, { ...BASICS, 'DELETE /account': refuse(400, 'The e-mail does not match this account') });
    renderAt(<ProfileScreen />);
    const { dialog, field, confirm } = await openDialog();

    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The e-mail does not match this account',
    );
    expect(field.value).toBe('ada@example.com');
    expect(signOut).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/profile');
  });

  it('on success sends the e-mail, signs out here and goes to / with the deleted notice', async () => {
    const bodies: unknown[] = [];
    serve(request, {
      ...BASICS,
      'DELETE /account': (options) => {
        bodies.push(options?.body);
        return Promise.resolve(undefined);
      },
    });
    renderAt(<ProfileScreen />);
    const { field, confirm } = await openDialog();

    fireEvent.change(field, { target: { value: ' ada@example.com ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(currentState()).toEqual({ accountDeleted: true });
    expect(screen.getByText('Elsewhere')).toBeTruthy();
  });

  it('Cancel closes the dialog and forgets what was typed', async () => {
    serve(request, BASICS);
    renderAt(<ProfileScreen />);
    const first = await openDialog();
    fireEvent.change(first.field, { target: { value: 'ada@example.com' } });
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const second = await openDialog();
    expect(second.field.value).toBe('');
  });
});
