// Random tokens, their stored hashes, and the signed access token (JWT, HS256).
import { createHash, createHmac, randomBytes, randomInt, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;

/** 256 bits, URL-safe: refresh tokens, reset links, one-time login codes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens with 256 bits of entropy need no salt: a plain SHA-256 is what is stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Six digits from a CSPRNG, zero-padded. */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A 6-digit code is guessable offline from a plain hash, so it is keyed with the server secret. */
export const hashCode = (secret: string, code: string): string =>
  createHmac('sha256', secret).update(code).digest('hex');

interface AccessClaims {
  userId: string;
  tokenVersion: number;
  /** The sign-in this token belongs to: ending the session ends the token. */
  sessionId: string;
}

/** Verified tokens remembered, so a client's repeated requests skip the signature check. */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  private readonly rawKey: Uint8Array;
  private key: Promise<webcrypto.CryptoKey> | undefined;
  private readonly verified = new Map<string, AccessClaims & { expiresAt: number }>();

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly now: () => number,
  ) {
    this.rawKey = createHash('sha256').update(`access-token:${secret}`).digest();
  }

  /** The key is imported once: importing it per call costs more than the signature itself. */
  private cryptoKey(): Promise<webcrypto.CryptoKey> {
    this.key ??= webcrypto.subtle.importKey('raw', this.rawKey, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.key;
  }

  /** A token for one hour, or until `notAfter` (the session's absolute end) when that comes sooner. */
  async sign(claims: AccessClaims, notAfter = Infinity): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = this.now();
    // Whole seconds, as the token carries them, so the answer's expiresAt is exactly the token's.
    const expiresAt = Math.floor(Math.min(issuedAt + ACCESS_TOKEN_TTL_MS, notAfter) / 1000) * 1000;
    const token = await new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience('waymarks')
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(await this.cryptoKey());
    return { token, expiresAt };
  }

  /**
   * The claims of a token verified before, or null once it has expired; undefined for a token never
   * verified here, which only verify() can judge.
   */
  verifiedBefore(token: string): AccessClaims | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.expiresAt > this.now()) {
      return { userId: known.userId, tokenVersion: known.tokenVersion, sessionId: known.sessionId };
    }
    this.verified.delete(token);
    return null;
  }

  /** Returns the claims, or null for a token that is malformed, tampered with or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verifiedBefore(token);
    if (known !== undefined) return known;
    const now = this.now();
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        issuer: this.issuer,
        audience: 'waymarks',
        algorithms: ['HS256'],
        currentDate: new Date(now),
      });
      const { sub, ver, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string' || !exp) return null;
      const claims = { userId: sub, tokenVersion: ver, sessionId: sid };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { ...claims, expiresAt: exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
