import { createContext } from 'react';
import type { User } from '@waymarks/shared';
import type { ApiRequestOptions } from '../../lib/api';
import type { AuthStatus } from './session';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** The last session ended because it could not be renewed. */
  sessionExpired: boolean;
  signIn(email: string, password: string): Promise<User>;
  /** Exchanges the one-time code from /oauth/callback for a session. */
  completeOAuth(code: string): Promise<User>;
  signOut(): Promise<void>;
  reloadUser(): Promise<User>;
  /** Authenticated API call: bearer token, one refresh and retry on 401. */
  request<T>(path: string, options?: Omit<ApiRequestOptions, 'token'>): Promise<T>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
