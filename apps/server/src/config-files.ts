// What start-up reads and writes on disk for the configuration: DATA_DIR made private to the server's
// user, files named by variables checked readable, and the generated auth secret. Every failure is a
// ConfigError naming the variable or file.
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The absolute path of a file the server must be able to read, else a ConfigError naming the variable. */
export function readableFile(variable: string, file: string): string {
  const absolute = path.resolve(file);
  let problem: string | undefined;
  try {
    if (statSync(absolute).isFile()) accessSync(absolute, constants.R_OK);
    else problem = 'is not a file';
  } catch (error) {
    problem = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
  }
  if (problem) throw new ConfigError(`Invalid configuration:\n  ${variable}: ${absolute} ${problem}`);
  return absolute;
}

/**
 * Without AUTH_SECRET a signing secret is generated into DATA_DIR on first start and reused after, so
 * sessions survive restarts. Several instances must share one AUTH_SECRET instead.
 *
 * The file is the key to every session: one that is empty, too short or readable by other users of the
 * machine stops start-up with a message naming it, rather than being used (or silently replaced, which
 * would end every session).
 */
export function authSecretFile(file: string): string {
  return readSecretFile(file) ?? generateSecretFile(file);
}

/** Creates a folder (and its parents) with mode 0700; a permissions error says so, naming the variable. */
export function ensurePrivateDirectory(variable: string, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EACCES' || code === 'EPERM'
        ? 'cannot be created: permission denied'
        : code === 'EEXIST' || code === 'ENOTDIR'
          ? 'is not a folder'
          : `cannot be created (${code ?? String(error)})`;
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${dir} ${reason}`);
  }
}

function readSecretFile(file: string): string | undefined {
  let mode: number;
  let secret: string;
  try {
    mode = statSync(file).mode;
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`Invalid auth secret file: ${file} cannot be read`);
  }
  if ((mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(3, '0');
    throw new ConfigError(
      `Invalid auth secret file: ${file} can be read by other users (mode ${octal}); run chmod 600 on it`,
    );
  }
  if (secret.length === 0) throw new ConfigError(`Invalid auth secret file: ${file} is empty`);
  if (secret.length < 32) {
    throw new ConfigError(`Invalid auth secret file: ${file} holds fewer than 32 characters`);
  }
  return secret;
}

function generateSecretFile(file: string): string {
  const secret = randomBytes(48).toString('base64url');
  // 'wx': another instance starting at the same moment wins, and its secret is the one read.
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file)!;
    throw new ConfigError(`Invalid auth secret file: ${file} cannot be written`);
  }
  return secret;
}
