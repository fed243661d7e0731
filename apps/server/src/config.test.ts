import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ConfigError, ENV_DESCRIPTIONS, ENV_VARIABLES, loadConfig, parseSettings } from './config.js';
import { createDatabase } from './db/database.js';

describe('parseSettings', () => {
  it('starts with no variables at all: SQLite and the outbox under ./data on port 3000', () => {
    const config = parseSettings({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ dialect: 'sqlite' });
    expect(config.database.dialect === 'sqlite' && config.database.file).toMatch(/data[/\\]waymarks\.db$/);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres:// address', () => {
    const config = parseSettings({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'nobody' }],
    ['MAP_STYLE_URL', { MAP_STYLE_URL: 'not a url' }],
    ['MAP_STYLE_URL', { MAP_STYLE_URL: 'ftp://tiles.example.org/style.json' }],
  ])('stops start-up on a bad %s, naming it', (name, env) => {
    expect(() => parseSettings(env)).toThrow(ConfigError);
    expect(() => parseSettings(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it('refuses a Google client id without its secret', () => {
    expect(() => parseSettings({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
  });

  describe('the map', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-config-'));
    const file = path.join(dir, 'world.pmtiles');
    writeFileSync(file, 'PMTiles');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('has no style and no basemap file by default', () => {
      expect(parseSettings({}).map).toEqual({ styleUrl: undefined, pmtilesFile: undefined });
      expect(parseSettings({ MAP_STYLE_URL: '', MAP_PMTILES: ' ' }).map).toEqual({
        styleUrl: undefined,
        pmtilesFile: undefined,
      });
    });

    it('takes an http(s) style URL and a readable PMTiles file, as an absolute path', () => {
      const relative = path.relative(process.cwd(), file);
      const config = parseSettings({
        MAP_STYLE_URL: 'https://tiles.example.org/style.json',
        MAP_PMTILES: relative,
      });
      expect(config.map).toEqual({ styleUrl: 'https://tiles.example.org/style.json', pmtilesFile: file });
    });

    it.each([
      ['a missing file', () => path.join(dir, 'missing.pmtiles'), /does not exist$/],
      ['a directory', () => dir, /is not a file$/],
    ])('stops start-up on MAP_PMTILES naming %s, naming the variable', (_label, value, reason) => {
      const env = { MAP_PMTILES: value() };
      expect(() => parseSettings(env)).toThrow(ConfigError);
      expect(() => parseSettings(env)).toThrow(/^Invalid configuration:\n {2}MAP_PMTILES: \//);
      expect(() => parseSettings(env)).toThrow(reason);
    });
  });

  it('configures Google sign-in with Google as the default issuer', () => {
    const config = parseSettings({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });
});

describe('Stripe billing settings', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_STANDARD: 'price_standard',
    STRIPE_PRICE_PLUS: 'price_plus',
    STRIPE_PRICE_PRO: 'price_pro',
  };

  it('is local billing with none of them set', () => {
    expect(parseSettings({}).stripe).toBeUndefined();
  });

  it('takes the key, the webhook secret and the four prices, with a 7-day trial by default', () => {
    expect(parseSettings(STRIPE).stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_abc',
      prices: { basic: 'price_basic', standard: 'price_standard', plus: 'price_plus', pro: 'price_pro' },
      trialDays: 7,
      apiUrl: undefined,
    });
    expect(parseSettings({ ...STRIPE, STRIPE_TRIAL_DAYS: '0' }).stripe?.trialDays).toBe(0);
  });

  it('stops start-up naming each missing variable when only some are set', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, STRIPE_PRICE_PRO: _pro, ...partial } = STRIPE;
    expect(() => parseSettings(partial)).toThrow(ConfigError);
    expect(() => parseSettings(partial)).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    expect(() => parseSettings(partial)).toThrow(/STRIPE_PRICE_PRO: is required with/);
    expect(() => parseSettings({ STRIPE_PRICE_BASIC: 'price_basic' })).toThrow(
      /STRIPE_SECRET_KEY: is required/,
    );
  });

  it.each([
    ['a publishable key', { STRIPE_SECRET_KEY: 'pk_test_123' }, /STRIPE_SECRET_KEY: must be a secret key/],
    ['a webhook secret of another kind', { STRIPE_WEBHOOK_SECRET: 'abc' }, /STRIPE_WEBHOOK_SECRET: must be/],
    ['one price for two plans', { STRIPE_PRICE_PRO: 'price_plus' }, /four different prices/],
    ['a negative trial', { STRIPE_TRIAL_DAYS: '-1' }, /STRIPE_TRIAL_DAYS/],
  ])('refuses %s, naming the variable', (_label, change, message) => {
    expect(() => parseSettings({ ...STRIPE, ...change })).toThrow(message);
  });
});

describe('billing mode', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_STANDARD: 'price_standard',
    STRIPE_PRICE_PLUS: 'price_plus',
    STRIPE_PRICE_PRO: 'price_pro',
  };

  it('refuses to start with NODE_ENV=production and no Stripe keys unless BILLING=local, naming the variables', () => {
    const start = () => parseSettings({ NODE_ENV: 'production' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/^Invalid configuration:\n {2}BILLING: NODE_ENV is production/);
    expect(start).toThrow(/STRIPE_SECRET_KEY/);
    expect(start).toThrow(/BILLING=local/);
  });

  it('starts in production with local billing when BILLING=local says so, or with Stripe', () => {
    expect(parseSettings({ NODE_ENV: 'production', BILLING: 'local' }).stripe).toBeUndefined();
    expect(parseSettings({ NODE_ENV: 'production', ...STRIPE }).stripe?.secretKey).toBe('sk_test_123');
    expect(parseSettings({ NODE_ENV: 'production', BILLING: 'stripe', ...STRIPE }).stripe).toBeDefined();
  });

  it('keeps local billing without a word outside production (development, tests)', () => {
    expect(parseSettings({}).stripe).toBeUndefined();
    expect(parseSettings({ NODE_ENV: 'development' }).stripe).toBeUndefined();
    expect(parseSettings({ NODE_ENV: 'test' }).stripe).toBeUndefined();
  });

  it.each([
    [
      'BILLING=local beside Stripe keys',
      { BILLING: 'local', ...STRIPE },
      /BILLING: is local, but STRIPE_SECRET_KEY/,
    ],
    ['BILLING=stripe without them', { BILLING: 'stripe' }, /BILLING: is stripe, but STRIPE_SECRET_KEY/],
    ['another BILLING', { BILLING: 'free' }, /BILLING: must be local or stripe/],
  ])('refuses %s, naming the variable', (_label, env, message) => {
    expect(() => parseSettings(env)).toThrow(ConfigError);
    expect(() => parseSettings(env)).toThrow(message);
  });
});

describe('configuration documentation', () => {
  it('describes every variable in the schema itself', () => {
    const undescribed = ENV_VARIABLES.filter((name) => !ENV_DESCRIPTIONS[name]?.trim());
    expect(undescribed).toEqual([]);
  });

  const root = new URL('../../../', import.meta.url);
  const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

  it('lists in .env.example exactly the variables the server reads', () => {
    const listed = [...read('.env.example').matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it("lists in README's configuration table exactly the variables the server reads", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Architecture'));
    const listed = [...table.matchAll(/^\| ((?:`[A-Z0-9_]+`(?:, )?)+) \|/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((n) => n[1]),
    );
    expect(listed.sort()).toEqual([...ENV_VARIABLES].sort());
  });
});

describe('the data folder and the generated auth secret', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'waymarks-secret-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  const freshDataDir = () => path.join(root, `data-${++count}`, 'nested');
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('creates DATA_DIR readable by the server user only, and a 0600 secret it reuses on the next start', () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'auth-secret'))).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  it.each([
    ['readable by other users', 'x'.repeat(64), 0o644, /can be read by other users \(mode 644\)/],
    ['empty', '\n', 0o600, /is empty/],
    ['too short', 'short-secret', 0o600, /fewer than 32 characters/],
  ])('refuses to start with a secret file that is %s, naming the file', (_, content, fileMode, message) => {
    const dataDir = freshDataDir();
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'auth-secret');
    writeFileSync(file, content, { mode: fileMode });
    chmodSync(file, fileMode);
    const start = () => loadConfig({ DATA_DIR: dataDir });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(message);
    expect(start).toThrow(file);
    // Nothing was replaced: the operator's file is left for them to fix.
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('says DATA_DIR is not a folder instead of a bare "file exists"', () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => loadConfig({ DATA_DIR: file })).toThrow(`DATA_DIR: ${file} is not a folder`);
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'below') })).toThrow(/is not a folder/);
  });

  it('creates the SQLite database file readable by the server user only', async () => {
    const dataDir = freshDataDir();
    const config = parseSettings({ DATA_DIR: dataDir });
    const db = createDatabase(config.database);
    try {
      await sql`create table t (x integer)`.execute(db);
      const file = config.database.dialect === 'sqlite' ? config.database.file : '';
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });
});
