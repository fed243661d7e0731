// Random tokens, their stored hashes, and the signed access token (JWT, HS256).
import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
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

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly now: () => number,
  ) {
    this.key = createHash('sha256').update(`access-token:${secret}`).digest();
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
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Returns the claims, or null for a token that is malformed, tampered with or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        audience: 'waymarks',
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, tokenVersion: payload.ver };
    } catch {
      return null;
    }
  }
}
