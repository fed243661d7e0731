// Signed, expiring links: claims the server hands out inside a URL and takes back without storing anything
// (local storage's upload and download links, Download All's archive links). One format for all of them:
// base64url(JSON of the claims and `exp`) '.' base64url(HMAC-SHA256 of that), checked in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Far longer than any link signed here; longer ones are refused before any hashing. */
const MAX_TOKEN_LENGTH = 4096;

/** What a link carries besides its expiry; `exp` is the format's own. */
export type LinkClaims = Record<string, unknown> & { exp?: never };

export type LinkCheck =
  | { claims: Record<string, unknown>; /** Milliseconds since the epoch. */ expiresAt: number }
  | 'invalid'
  | 'expired';

export class SignedLinks {
  // A private field: the key never shows up when its owner is logged or serialised.
  readonly #key: Buffer;

  /**
   * `purpose` keys the links: each purpose has its own key derived from the app's secret, so a link made
   * for one never passes for another, nor for any other value the app signs.
   */
  constructor(secret: string, purpose: string) {
    this.#key = createHmac('sha256', secret).update(`signed-link:${purpose}`).digest();
  }

  /** A link that carries the claims until expiresAt (milliseconds since the epoch), and not from then on. */
  sign(claims: LinkClaims, expiresAt: number): string {
    const body = Buffer.from(JSON.stringify({ ...claims, exp: expiresAt })).toString('base64url');
    return `${body}.${this.#mac(body)}`;
  }

  /** The claims of a genuine link (for the caller to check their shape), or why it is refused. */
  verify(token: string, now: number): LinkCheck {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return 'invalid';
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return 'invalid';
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.#mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return 'invalid';
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'invalid';
    const { exp, ...claims } = parsed as Record<string, unknown>;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return 'invalid';
    if (now >= exp) return 'expired';
    return { claims, expiresAt: exp };
  }

  #mac(body: string): string {
    return createHmac('sha256', this.#key).update(body).digest('base64url');
  }
}
