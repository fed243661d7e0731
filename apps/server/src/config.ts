// Environment → typed Config, validated once at start. A bad value stops start-up naming the variable.
import path from 'node:path';
import { z } from 'zod';
import { PAID_TIER_IDS, type PaidTierId } from '@waymarks/shared';
import { authSecretFile, ConfigError, ensurePrivateDirectory, readableFile } from './config-files.js';

export { ConfigError };

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: optionalString.describe(
    '`development` (set by npm run dev) shows e-mailed codes and links in the log; anything else is production',
  ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port'),
  HOST: z.string().default('0.0.0.0').describe('Address the server binds to'),
  DATA_DIR: z
    .string()
    .default('./data')
    .describe(
      'SQLite database, outbox, media and the generated signing secret; created private to the server user',
    ),
  PUBLIC_URL: optionalUrl.describe('Address people reach the app at; links in e-mails use it'),
  DATABASE_URL: optionalString
    .refine(
      (value) => value === undefined || /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(value),
      'must start with postgres://, sqlite: or file:',
    )
    .describe('postgres://… for PostgreSQL; SQLite at DATA_DIR/waymarks.db when unset'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Least severe log level written'),
  JOBS: z
    .enum(['inline', 'worker'])
    .default('inline')
    .describe(
      'inline: the server runs the background work (media sweep, city backfill; on PostgreSQL also ' +
        'thumbnails and figures) itself; worker: a separate `npm run worker` process runs it',
    ),
  SESSION_MAX_AGE_DAYS: z.coerce
    .number()
    .positive()
    .max(365)
    .default(30)
    .describe('Days from sign-in after which a session ends, however often it is refreshed'),
  SESSION_IDLE_DAYS: z.coerce
    .number()
    .positive()
    .max(365)
    .default(14)
    .describe('Days a session may go unused before it ends (the refresh token lifetime)'),
  AUTH_SECRET: optionalString
    .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters')
    .describe(
      'Signs sessions and cookies; generated into DATA_DIR/auth-secret when unset; shared by all instances',
    ),
  SMTP_URL: optionalString
    .refine(
      (value) => value === undefined || /^smtps?:\/\//.test(value),
      'must start with smtp:// or smtps://',
    )
    .describe('Mail server; without it every mail is written to DATA_DIR/outbox'),
  MAIL_FROM: z.string().default('Waymarks <no-reply@localhost>').describe('Sender of every e-mail'),
  GOOGLE_CLIENT_ID: optionalString.describe('OAuth web client id; Google sign-in is off without it'),
  GOOGLE_CLIENT_SECRET: optionalString.describe('OAuth web client secret, set together with the id'),
  OIDC_ISSUER: z
    .url()
    .default('https://accounts.google.com')
    .describe('OpenID Connect issuer for "Continue with Google"'),
  SUPPORT_EMAIL: z
    .email()
    .default('support@waymarks.app')
    .describe('Support address shown to users; content reports are e-mailed there'),
  DISCORD_URL: z.url().default('https://discord.gg/waymarks').describe('Community chat link'),
  // The client address keys every per-address limit, so only proxies named here may set it through
  // X-Forwarded-For: a number of hops (each hop appends the address it received from; the last that
  // many are ours) or the proxies' own addresses. `true` trusted every hop, letting any client name its
  // own address, and is refused rather than read as something narrower the operator did not choose.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): false | string[] | ((address: string, hop: number) => boolean) => {
      if (value === '' || value === 'false' || value === '0') return false;
      const problem = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (value === 'true') {
        return problem(
          'true trusts every hop, so any client could set its own address with X-Forwarded-For; give the ' +
            'number of proxies in front of Waymarks (TRUST_PROXY=1) or their addresses or CIDR ranges ' +
            '(TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
        );
      }
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        // Fastify refuses a bare hop count (it cannot tell a proxy from a client that skipped it), so
        // the count is handed over as the trust function it stands for.
        return (_address, hop) => hop < hops;
      }
      const proxies = value.split(',').map((entry) => entry.trim());
      const address = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
      const bad = proxies.find(
        (entry) =>
          !['loopback', 'linklocal', 'uniquelocal'].includes(entry) &&
          (!address.safeParse(entry).success || /\/0+$/.test(entry)),
      );
      if (bad !== undefined) {
        return problem(
          `"${bad}" is not a proxy address: give a number of hops, or IP addresses and CIDR ranges ` +
            '(not /0) separated by commas',
        );
      }
      return proxies;
    })
    .describe('Proxies allowed to name the client address: a hop count or addresses and CIDR ranges'),
  MAP_STYLE_URL: optionalString
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional())
    .describe('MapLibre style JSON for the map instead of the built-in offline basemap'),
  MAP_PMTILES: optionalString.describe(
    'Local .pmtiles basemap served by byte ranges at /map/basemap.pmtiles',
  ),
  STORAGE: z
    .enum(['local', 's3'])
    .default('local')
    .describe('Where photos and videos live: local disk under DATA_DIR/media, or an S3-compatible bucket'),
  S3_ENDPOINT: optionalString
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional())
    .describe('Address of an S3-compatible service; AWS S3 itself when unset'),
  S3_REGION: optionalString
    .refine(
      (value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value),
      'must be a region name such as us-east-1',
    )
    .describe('Region of the bucket (auto for R2)'),
  S3_BUCKET: optionalString
    .refine(
      (value) => value === undefined || /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(value),
      'must be a bucket name (letters, digits, dots, hyphens), not a URL',
    )
    .describe('Bucket name; required with STORAGE=s3'),
  S3_ACCESS_KEY_ID: optionalString.describe('Credentials allowed to put, get, list and delete objects'),
  S3_SECRET_ACCESS_KEY: optionalString.describe('Secret of S3_ACCESS_KEY_ID'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1')
    .describe('Address the bucket as endpoint/bucket instead of bucket.endpoint (most MinIO setups)'),
  BILLING: optionalString
    .pipe(z.enum(['local', 'stripe'], { error: 'must be local or stripe' }).optional())
    .describe(
      'local: plan changes apply at once with no payment (needed on purpose with NODE_ENV=production); ' +
        'stripe: through Stripe; unset: stripe when STRIPE_SECRET_KEY is set, local otherwise',
    ),
  STRIPE_SECRET_KEY: optionalString
    .refine((value) => value === undefined || /^(sk|rk)_/.test(value), 'must be a secret key (sk_… or rk_…)')
    .describe('Stripe secret key: subscriptions through Stripe; without it plans change at once, unbilled'),
  STRIPE_WEBHOOK_SECRET: optionalString
    .refine(
      (value) => value === undefined || value.startsWith('whsec_'),
      'must be a signing secret (whsec_…)',
    )
    .describe('Signing secret of the webhook endpoint at PUBLIC_URL/api/billing/webhook'),
  STRIPE_PRICE_BASIC: optionalString.describe(
    'Stripe price id (price_…) of the monthly basic plan (Adventurer)',
  ),
  STRIPE_PRICE_STANDARD: optionalString.describe('Stripe price id of the monthly standard plan (Explorer)'),
  STRIPE_PRICE_PLUS: optionalString.describe('Stripe price id of the monthly plus plan (Pathfinder)'),
  STRIPE_PRICE_PRO: optionalString.describe('Stripe price id of the monthly pro plan (Cartographer)'),
  STRIPE_TRIAL_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(730)
    .default(7)
    .describe('Days of free trial when a free account first subscribes (0: none)'),
  STRIPE_API_URL: optionalString
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional())
    .describe('Address of the Stripe API; Stripe itself when unset (tests point it elsewhere)'),
});

/** Every environment variable Waymarks reads; README's table and .env.example list exactly these. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

/** What each variable is for, as the schema describes it. */
export const ENV_DESCRIPTIONS: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(EnvSchema.shape).map(([name, schema]) => [name, schema.description]),
);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  logLevel: string;
  /** Who runs the recurring jobs: this server (inline) or a worker process beside it. */
  jobs: 'inline' | 'worker';
  authSecret: string;
  /** How long a sign-in lasts: an absolute end, and an end after this long unused. */
  sessions: { maxAgeMs: number; idleMs: number };
  /** `development` (NODE_ENV=development, as `npm run dev` sets it): the outbox logs codes at info. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; development: boolean };
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  supportEmail: string;
  discordUrl: string;
  /** Fastify's trustProxy: nobody, the proxies' addresses, or a hop count as a trust function. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
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
  /**
   * Subscriptions through Stripe; undefined: local billing, plan changes apply at once (with
   * NODE_ENV=production only when BILLING=local is set).
   */
  stripe: StripeSettings | undefined;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The price of each paid plan: from here only, never from a browser. */
  prices: Record<PaidTierId, string>;
  trialDays: number;
  /** Where the API is; undefined: Stripe's own. */
  apiUrl: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The validated environment, before anything is read from or written to disk for the auth secret. */
export type Settings = Omit<Config, 'authSecret'> & { authSecret: string | undefined };

/**
 * The whole configuration, resolved once at start: the environment validated, DATA_DIR created private to
 * the server's user, and the auth secret read or generated. Throws ConfigError naming the bad variable or
 * file; there is no partly made Config.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { webDistDir?: string } = {},
): Config {
  const settings = parseSettings(env, options);
  ensurePrivateDirectory('DATA_DIR', settings.dataDir);
  const authSecret = settings.authSecret ?? authSecretFile(path.join(settings.dataDir, 'auth-secret'));
  return { ...settings, authSecret };
}

/** Validates the environment without touching the disk. Throws ConfigError naming each bad variable. */
export function parseSettings(
  env: Record<string, string | undefined> = process.env,
  options: { webDistDir?: string } = {},
): Settings {
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
    jobs: e.JOBS,
    authSecret: e.AUTH_SECRET,
    sessions: {
      maxAgeMs: e.SESSION_MAX_AGE_DAYS * DAY_MS,
      idleMs: Math.min(e.SESSION_IDLE_DAYS, e.SESSION_MAX_AGE_DAYS) * DAY_MS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      development: e.NODE_ENV === 'development',
    },
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
    stripe: billingFrom(e),
  };
}

/**
 * Stripe billing, or undefined for local billing. Local billing lets anyone give themselves any plan, so a
 * production server (NODE_ENV=production) runs it only when BILLING=local says it is meant.
 */
function billingFrom(e: z.output<typeof EnvSchema>): StripeSettings | undefined {
  const stripe = stripeFrom(e);
  const problem = (message: string) => new ConfigError(`Invalid configuration:\n  BILLING: ${message}`);
  if (e.BILLING === 'local' && stripe) {
    throw problem('is local, but STRIPE_SECRET_KEY is set too: unset one of them');
  }
  if (e.BILLING === 'stripe' && !stripe) {
    throw problem('is stripe, but STRIPE_SECRET_KEY and the other STRIPE_* variables are not set');
  }
  if (!stripe && e.BILLING === undefined && e.NODE_ENV === 'production') {
    throw problem(
      'NODE_ENV is production and Stripe is not configured (STRIPE_SECRET_KEY), so anyone could give ' +
        'themselves any plan: set the STRIPE_* variables, or BILLING=local to run without payments on purpose',
    );
  }
  return stripe;
}

const STRIPE_PRICE_VARIABLES = {
  basic: 'STRIPE_PRICE_BASIC',
  standard: 'STRIPE_PRICE_STANDARD',
  plus: 'STRIPE_PRICE_PLUS',
  pro: 'STRIPE_PRICE_PRO',
} as const satisfies Record<PaidTierId, keyof z.output<typeof EnvSchema>>;

/** Stripe billing when its key is set, with everything it needs; nothing of it set: local billing. */
function stripeFrom(e: z.output<typeof EnvSchema>): StripeSettings | undefined {
  const required = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    ...Object.values(STRIPE_PRICE_VARIABLES),
  ] as const;
  const set = required.filter((name) => e[name]);
  if (set.length === 0) return undefined;
  const missing = required.filter((name) => !e[name]);
  if (missing.length > 0) {
    const problems = missing.map((name) => `${name}: is required with ${set.join(', ')}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const prices = Object.fromEntries(
    PAID_TIER_IDS.map((tier) => [tier, e[STRIPE_PRICE_VARIABLES[tier]]!]),
  ) as Record<PaidTierId, string>;
  if (new Set(Object.values(prices)).size !== PAID_TIER_IDS.length) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PRICE_BASIC, _STANDARD, _PLUS and _PRO must be four different prices',
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    prices,
    trialDays: e.STRIPE_TRIAL_DAYS,
    apiUrl: e.STRIPE_API_URL,
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

function databaseFrom(url: string | undefined, dataDir: string): Config['database'] {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  const file = url ? url.replace(/^(sqlite:|file:)(\/\/)?/, '') : path.join(dataDir, 'waymarks.db');
  return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
}
