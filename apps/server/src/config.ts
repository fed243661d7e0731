// Environment → typed Config, validated once at start. A bad value stops start-up naming the variable.
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalUrl.describe('Address people reach the app at; links in e-mails use it'),
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(value),
    'must start with postgres://, sqlite: or file:',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: optionalString.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
  SMTP_URL: optionalString.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    'must start with smtp:// or smtps://',
  ),
  MAIL_FROM: z.string().default('Waymarks <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  SUPPORT_EMAIL: z.email().default('support@waymarks.app'),
  DISCORD_URL: z.url().default('https://discord.gg/waymarks'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  MAP_STYLE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  MAP_PMTILES: optionalString,
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_REGION: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value),
    'must be a region name such as us-east-1',
  ),
  S3_BUCKET: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(value),
    'must be a bucket name (letters, digits, dots, hyphens), not a URL',
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

export type Env = z.input<typeof EnvSchema>;

/** Every environment variable Waymarks reads; README's table and .env.example list exactly these. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  logLevel: string;
  authSecret: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  supportEmail: string;
  discordUrl: string;
  trustProxy: boolean;
  /** The basemap: a MapLibre style to load, and a local PMTiles file the server hands out by ranges. */
  map: { styleUrl: string | undefined; pmtilesFile: string | undefined };
  /** Where media objects live: files under DATA_DIR/media, or an S3-compatible bucket. */
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        /** Empty means AWS itself. */
        endpoint?: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment. Throws ConfigError whose message names each bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { webDistDir?: string } = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl,
    database: databaseFrom(e.DATABASE_URL, dataDir),
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET ?? '',
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.OIDC_ISSUER }
        : undefined,
    supportEmail: e.SUPPORT_EMAIL,
    discordUrl: e.DISCORD_URL,
    trustProxy: e.TRUST_PROXY,
    map: {
      styleUrl: e.MAP_STYLE_URL,
      pmtilesFile: e.MAP_PMTILES && readableFile('MAP_PMTILES', e.MAP_PMTILES),
    },
    storage: storageFrom(e, dataDir),
    webDistDir: options.webDistDir ?? path.resolve('apps/web/dist'),
  };
}

function storageFrom(e: z.output<typeof EnvSchema>, dataDir: string): Config['storage'] {
  if (e.STORAGE === 'local') return { kind: 'local', dir: path.join(dataDir, 'media') };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0) {
    const problems = missing.map((name) => `${name}: is required when STORAGE=s3`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    kind: 's3',
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** The absolute path of a file the server must be able to read, else a ConfigError naming the variable. */
function readableFile(variable: string, file: string): string {
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

function databaseFrom(url: string | undefined, dataDir: string): Config['database'] {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  const file = url ? url.replace(/^(sqlite:|file:)(\/\/)?/, '') : path.join(dataDir, 'waymarks.db');
  return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
}

/**
 * Without AUTH_SECRET a signing secret is generated into DATA_DIR on first start and reused after,
 * so sessions survive restarts. Several instances must share one AUTH_SECRET instead.
 */
export function ensureAuthSecret(config: Config): Config {
  if (config.authSecret) return config;
  const file = path.join(config.dataDir, 'auth-secret');
  mkdirSync(config.dataDir, { recursive: true });
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  }
  return { ...config, authSecret: secret };
}
