// The router state /profile leaves on / after deleting the account, so the landing page can say so.

export const accountDeletedState = { accountDeleted: true } as const;

export function isAccountDeletedState(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'accountDeleted' in state && state.accountDeleted === true
  );
}
