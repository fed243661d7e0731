import { createContext } from 'react';
import type { User } from '@waymarks/shared';
import type { Transport } from '../../lib/api';
import type { AuthStatus } from './session';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** The last session ended because it could not be renewed. */
  sessionExpired: boolean;
  /**
   * The server could not be reached at start-up: the user and their places are the ones this device kept
   * (app/offline), shown until it is back.
   */
  offline: boolean;
  signIn(email: string, password: string): Promise<User>;
  /** Exchanges the one-time code from /oauth/callback for a session. */
  completeOAuth(code: string): Promise<User>;
  signOut(): Promise<void>;
  reloadUser(): Promise<User>;
  /**
   * The signed-in transport: bearer token, one refresh and retry on 401. Features call endpoints through
   * useApi(), which types each call from the shared endpoint table.
   */
  request: Transport;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
