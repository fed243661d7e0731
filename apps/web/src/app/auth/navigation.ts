// What travels to /signin in the router's location state: where to return after signing in, and
// which banner to show. History state can hold anything, so it is read defensively.
import type { Location } from 'react-router';

export type SignInNotice = 'accountVerified' | 'sessionExpired' | 'passwordReset';

export interface ReturnTo {
  pathname: string;
  search?: string;
  hash?: string;
}

export interface SignInState {
  from?: ReturnTo;
  notice?: SignInNotice;
}

const NOTICES: readonly SignInNotice[] = ['accountVerified', 'sessionExpired', 'passwordReset'];

const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function returnToOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnTo {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

export function readSignInState(state: unknown): SignInState {
  if (typeof state !== 'object' || state === null) return {};
  const result: SignInState = {};
  if ('notice' in state && NOTICES.includes(state.notice as SignInNotice)) {
    result.notice = state.notice as SignInNotice;
  }
  if ('from' in state && typeof state.from === 'object' && state.from !== null) {
    const from = state.from as Record<string, unknown>;
    // Only same-app paths: never send the user to another origin after signing in.
    if (
      typeof from.pathname === 'string' &&
      from.pathname.startsWith('/') &&
      !from.pathname.startsWith('//')
    ) {
      result.from = {
        pathname: from.pathname,
        search: typeof from.search === 'string' ? from.search : '',
        hash: typeof from.hash === 'string' ? from.hash : '',
      };
    }
  }
  return result;
}

/** The page to open after a successful sign-in. */
export function afterSignInPath(state: SignInState): string {
  const from = state.from;
  if (!from || from.pathname === '/signin' || from.pathname === '/login') return DEFAULT_AFTER_SIGN_IN;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
