// Random tokens, their stored hashes, and the signed access token (JWT, HS256).
import { createHash, createHmac, randomBytes, randomInt, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const newId = (): string => randomUUID();

/** 256 bits, URL-safe: refresh tokens, reset links, one-time login codes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens with 256 bits of entropy need no salt: a plain SHA-256 is what is stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Six digits from a CSPRNG, zero-padded. */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A 6-digit code is guessable offline from a plain hash, so it is keyed with the server secret. */
export const hashCode = (secret: string, code: string): string =>
  createHmac('sha256', secret).update(code).digest('hex');

export interface AccessClaims {
  userId: string;
  tokenVersion: number;
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

  async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = this.now();
    const expiresAt = issuedAt + ACCESS_TOKEN_TTL_MS;
    const token = await new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience('waymarks')
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(await this.cryptoKey());
    return { token, expiresAt };
  }

  /** Returns the claims, or null for a token that is malformed, tampered with or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    const now = this.now();
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > now) return { userId: known.userId, tokenVersion: known.tokenVersion };
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        issuer: this.issuer,
        audience: 'waymarks',
        algorithms: ['HS256'],
        currentDate: new Date(now),
      });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || !payload.exp) return null;
      const claims = { userId: payload.sub, tokenVersion: payload.ver };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { ...claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
