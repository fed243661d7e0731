// @vitest-environment happy-dom
// The landing page's word after /profile deleted the account: shown once, from the router state.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { accountDeletedState } from './account-deleted';
import { AccountDeletedNotice } from './AccountDeletedNotice';

afterEach(cleanup);

function StateProbe() {
  const { state } = useLocation();
  return <p data-testid="state">{JSON.stringify(state ?? null)}</p>;
}

function renderWith(state: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
      <AccountDeletedNotice />
      <StateProbe />
    </MemoryRouter>,
  );
}

describe('AccountDeletedNotice', () => {
  it('says the account was deleted, then clears the state so a reload does not repeat it', async () => {
    renderWith(accountDeletedState);
    expect((await screen.findByRole('status')).textContent).toContain('Your account has been deleted');
    expect(screen.getByTestId('state').textContent).toBe('null');
  });

  it('says nothing on an ordinary visit', () => {
    renderWith(null);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
