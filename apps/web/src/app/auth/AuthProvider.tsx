import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './context';
import type { SessionManager } from './session';

export function AuthProvider({ manager, children }: { manager: SessionManager; children: ReactNode }) {
  // The prerender renders with a manager that never starts, and main.tsx starts this one only after
  // hydration began: the server snapshot is the same 'loading' one on both sides.
  const snapshot = useSyncExternalStore(manager.subscribe, manager.getSnapshot, manager.getSnapshot);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      sessionExpired: snapshot.expired,
      offline: snapshot.offline,
      signIn: (email, password) => manager.signIn(email, password),
      completeOAuth: (code) => manager.completeOAuth(code),
      signOut: () => manager.signOut(),
      reloadUser: () => manager.reloadUser(),
      request: (path, options) => manager.request(path, options),
    }),
    [manager, snapshot],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
