// The browser's session (SPEC.md §4 Authentication, DESIGN.md Auth): the access token lives only in
// this object's memory, the refresh token in an HttpOnly cookie the server set. No React in here, so
// the rules can be tested with an injected fetch and clock.
import type { Session, User } from '@waymarks/shared';
import { ApiError, apiFetch, callEndpoint, type Transport } from '../../lib/api';
import { systemClock, type Clock } from '../../lib/clock';
import type { ConnectionMonitor } from '../../lib/connection';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
const NO_TOKEN_MESSAGE = 'No authentication token available';

/** Refresh this long before the access token expires (SPEC.md §9 Auth: 5 minutes). */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** A refresh that failed for a reason other than a refused cookie (offline, 5xx) is tried again. */
export const REFRESH_RETRY_MS = 30 * 1000;
/** Never schedule refreshes back to back, even for a token that is already inside the margin. */
const MIN_REFRESH_DELAY_MS = 5 * 1000;

export type { Clock };

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthSnapshot {
  status: AuthStatus;
  user: User | null;
  /** True after the session ended because a refresh was refused; reset by the next sign-in. */
  expired: boolean;
  /**
   * True while the server cannot be reached at start-up and the app shows the traveller kept on this device
   * (app/offline): signed in as far as the screens go, with no token; requests wait for the real session.
   */
  offline: boolean;
}

/** Thrown by `request` when the API still answers 401 after one refresh. */
export class SessionExpiredError extends Error {
  constructor() {
    super(SESSION_EXPIRED_MESSAGE);
    this.name = 'SessionExpiredError';
  }
}

interface SessionManagerOptions {
  fetch: typeof fetch;
  clock?: Clock;
  /** Tells whether the server can be reached (see start). */
  connection?: ConnectionMonitor;
  /**
   * At a start-up that cannot reach the server: the traveller this device last kept, shown (with their
   * places, app/offline) until the server is back, or null when it keeps none.
   */
  restoreOffline?: () => Promise<User | null>;
}

export class SessionManager {
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly connection: ConnectionMonitor | undefined;
  private readonly restoreOffline: (() => Promise<User | null>) | undefined;
  private session: Session | null = null;
  private snapshot: AuthSnapshot = { status: 'loading', user: null, expired: false, offline: false };
  private readonly listeners = new Set<() => void>();
  private refreshInFlight: Promise<Session | null> | null = null;
  private refreshTimer: unknown = null;
  private startup: Promise<void> | null = null;
  /** Bumped whenever the session is replaced or ended by the user, so late refresh answers are dropped. */
  private generation = 0;

  constructor({ fetch, clock = systemClock, connection, restoreOffline }: SessionManagerOptions) {
    this.fetchImpl = fetch;
    this.clock = clock;
    this.connection = connection;
    this.restoreOffline = restoreOffline;
  }

  /** For useSyncExternalStore: the same object until something changes. */
  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getAccessToken(): string | null {
    return this.session?.accessToken ?? null;
  }

  /**
   * Restores a session from the refresh cookie; later calls return the first call's promise. When the
   * server cannot be reached, the session is restored once it is back (the connection's banner says why
   * the page waits), the traveller this device keeps being shown meanwhile (restoreOffline); when it asks
   * to wait (429), it is asked again after its Retry-After; without a connection monitor, or when the
   * server failed in its own way, the visitor starts signed out.
   */
  start(): Promise<void> {
    this.startup ??= this.refresh().then(
      () => undefined,
      (error: unknown) =>
        // A server that asks the browser to wait (too many requests from its address) still knows the
        // session: ask again when it says, rather than sending the traveller to sign in.
        error instanceof ApiError && error.status === 429
          ? this.startAfter(busyWaitMs(error))
          : this.startOnceReachable(),
    );
    return this.startup;
  }

  /**
   * Asks the server for a new access token. Concurrent callers share one request. Resolves to the
   * new session, or null when the server refused the refresh cookie (a live session then ends as
   * expired); rejects when the server could not be reached, leaving the current session alone.
   */
  refresh(): Promise<Session | null> {
    this.refreshInFlight ??= this.runRefresh().finally(() => {
      this.refreshInFlight = null;
    });
    return this.refreshInFlight;
  }

  async signIn(email: string, password: string): Promise<User> {
    const session = await callEndpoint(this.withToken(null), 'signIn', { body: { email, password } });
    this.replaceSession(session);
    return session.user;
  }

  /** Exchanges the one-time login code from /oauth/callback for a session. */
  async completeOAuth(code: string): Promise<User> {
    const session = await callEndpoint(this.withToken(null), 'oauthExchange', { body: { code } });
    this.replaceSession(session);
    return session.user;
  }

  /** Ends the session on the server (its failure is ignored, SPEC.md §4) and forgets it here. */
  async signOut(): Promise<void> {
    const token = this.getAccessToken();
    this.generation += 1;
    try {
      await callEndpoint(this.withToken(token), 'signOut');
    } catch {
      // SPEC.md §4: the failure of the server-side sign-out is ignored; local data is cleared anyway.
    } finally {
      this.endSession({ expired: false });
    }
  }

  /** Reloads the signed-in user (after a plan change, say) without touching the tokens. */
  async reloadUser(): Promise<User> {
    const user = await callEndpoint(this.request, 'me');
    if (this.session) {
      this.session = { ...this.session, user };
      this.publish({ status: 'signedIn', user, expired: false, offline: false });
    }
    return user;
  }

  /**
   * An authenticated API call. A 401 triggers one refresh and one retry; if the retry is refused too,
   * or the refresh is, the session ends and SessionExpiredError is thrown.
   */
  request: Transport = async (path, options = {}) => {
    if (this.snapshot.status === 'loading' || this.snapshot.offline) await this.start();
    const token = this.getAccessToken();
    // A request that waited for the server while offline finds the session gone when it came back.
    if (!token) throw this.snapshot.expired ? new SessionExpiredError() : new Error(NO_TOKEN_MESSAGE);

    try {
      return await apiFetch(this.fetchImpl, path, { ...options, token });
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
    }

    const renewed = await this.renewAfterUnauthorized(token);
    if (!renewed) throw new SessionExpiredError();
    try {
      return await apiFetch(this.fetchImpl, path, { ...options, token: renewed.accessToken });
    } catch (error) {
      if (isUnauthorized(error)) throw this.expire();
      throw error;
    }
  };

  /** Requests as this browser, with the given access token or none (sign-in, refresh, sign-out). */
  private withToken(token: string | null): Transport {
    return (path, options) => apiFetch(this.fetchImpl, path, { ...options, token });
  }

  /** Stops the refresh timer; for tests and hot reloads. */
  dispose(): void {
    this.cancelTimer();
    this.listeners.clear();
  }

  private startAfter(waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      this.clock.setTimeout(() => {
        this.startup = null;
        resolve(this.start());
      }, waitMs);
    });
  }

  private startOnceReachable(): Promise<void> {
    const connection = this.connection;
    if (!connection || connection.getSnapshot().reachable) {
      this.endSession({ expired: false });
      return Promise.resolve();
    }
    const generation = this.generation;
    void this.showOffline(generation);
    return new Promise((resolve) => {
      const stop = connection.onReconnect(() => {
        stop();
        this.startup = null;
        // Signed out (or in) meanwhile, from the traveller shown offline: that choice stands.
        if (generation !== this.generation) return resolve();
        resolve(this.start());
      });
    });
  }

  /** The traveller kept on this device, while the start-up waits for the server and nobody signed in. */
  private async showOffline(generation: number): Promise<void> {
    const user = await Promise.resolve()
      .then(() => this.restoreOffline?.())
      .catch(() => null);
    if (!user || generation !== this.generation || this.snapshot.status !== 'loading') return;
    if (this.connection?.getSnapshot().reachable) return;
    this.publish({ status: 'signedIn', user, expired: false, offline: true });
  }

  private async runRefresh(): Promise<Session | null> {
    const generation = this.generation;
    let session: Session | undefined;
    try {
      // 204 (no body) when the browser has no refresh cookie at all: nobody is signed in.
      session = await callEndpoint(this.withToken(null), 'refresh');
    } catch (error) {
      if (generation !== this.generation) return this.session;
      if (error instanceof ApiError && isRefusal(error.status)) return this.noSession();
      throw error;
    }
    // The user signed in or out while this was on the way: that newer state wins.
    if (generation !== this.generation) return this.session;
    if (!session) return this.noSession();
    this.setSession(session);
    return session;
  }

  /**
   * The server has no session for this browser: a live one (or the one shown offline) ends as expired; at
   * start-up it is signed out.
   */
  private noSession(): null {
    // The traveller shown from this device while offline had a session too, which is gone.
    if (this.session || this.snapshot.offline) this.expire();
    else this.endSession({ expired: false });
    return null;
  }

  /** Another caller may already have replaced the token that was refused: then use that one. */
  private renewAfterUnauthorized(refusedToken: string): Promise<Session | null> {
    if (this.session && this.session.accessToken !== refusedToken) return Promise.resolve(this.session);
    return this.refresh();
  }

  private replaceSession(session: Session): void {
    this.generation += 1;
    this.setSession(session);
  }

  private setSession(session: Session): void {
    this.session = session;
    this.publish({ status: 'signedIn', user: session.user, expired: false, offline: false });
    this.scheduleRefresh(session.expiresAt - REFRESH_MARGIN_MS - this.clock.now());
  }

  private scheduleRefresh(delayMs: number): void {
    this.cancelTimer();
    this.refreshTimer = this.clock.setTimeout(
      () => void this.refreshOnTimer(),
      Math.max(delayMs, MIN_REFRESH_DELAY_MS),
    );
  }

  private async refreshOnTimer(): Promise<void> {
    this.refreshTimer = null;
    try {
      // A refused refresh has already ended the session as expired.
      await this.refresh();
    } catch {
      // Offline or the server is down: keep the token we have and try again shortly.
      if (this.session) this.scheduleRefresh(REFRESH_RETRY_MS);
    }
  }

  private expire(): SessionExpiredError {
    this.endSession({ expired: true });
    return new SessionExpiredError();
  }

  private endSession({ expired }: { expired: boolean }): void {
    this.session = null;
    this.cancelTimer();
    this.publish({ status: 'signedOut', user: null, expired, offline: false });
  }

  private cancelTimer(): void {
    if (this.refreshTimer !== null) this.clock.clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }

  private publish(next: AuthSnapshot): void {
    const current = this.snapshot;
    if (
      current.status === next.status &&
      current.user === next.user &&
      current.expired === next.expired &&
      current.offline === next.offline
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** How long a 429 asks to wait (Retry-After), kept within a second and a minute; a second when unsaid. */
function busyWaitMs(error: ApiError): number {
  const seconds = error.retryAfterSeconds ?? 1;
  return Math.min(Math.max(seconds, 1), 60) * 1000;
}

/** The server looked at the refresh cookie and said no (as opposed to not answering properly). */
function isRefusal(status: number): boolean {
  return status === 400 || status === 401 || status === 403;
}
