// argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package ships it as a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Checked against when the e-mail is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  const target = storedHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return Boolean(storedHash) && matches;
  } catch {
    return false;
  }
}
