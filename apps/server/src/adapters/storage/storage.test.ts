// The storage configuration, key rules, URL timing and the S3 origin for the CSP, without any server.
import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { ConfigError, parseSettings, type Config } from '../../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import { assertValidKey, downloadUrlTiming, MAX_URL_LIFETIME_SECONDS } from './object-storage.js';
import { createStorage, storageOrigin } from './storage.js';

const S3_ENV = {
  STORAGE: 's3',
  S3_BUCKET: 'photos',
  S3_ACCESS_KEY_ID: 'AKID',
  S3_SECRET_ACCESS_KEY: 'sekrit-key',
};

describe('storage configuration', () => {
  it('defaults to local storage under DATA_DIR/media', () => {
    const config = parseSettings({ DATA_DIR: '/srv/waymarks' });
    expect(config.storage).toEqual({ kind: 'local', dir: '/srv/waymarks/media' });
  });

  it('reads S3 settings, with us-east-1, AWS itself and virtual-hosted addressing by default', () => {
    expect(parseSettings(S3_ENV).storage).toEqual({
      kind: 's3',
      region: 'us-east-1',
      bucket: 'photos',
      accessKeyId: 'AKID',
      secretAccessKey: 'sekrit-key',
      forcePathStyle: false,
    });
    const minio = parseSettings({
      ...S3_ENV,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio.storage).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
  });

  it('treats empty S3 variables, as .env.example leaves them, as unset', () => {
    const config = parseSettings({ ...S3_ENV, S3_ENDPOINT: '', S3_REGION: ' ' });
    expect(config.storage).toMatchObject({ region: 'us-east-1' });
    expect(config.storage).not.toHaveProperty('endpoint');
  });

  it.each([
    ['STORAGE', { STORAGE: 'gcs' }],
    ['S3_ENDPOINT', { ...S3_ENV, S3_ENDPOINT: 'not a url' }],
    ['S3_ENDPOINT', { ...S3_ENV, S3_ENDPOINT: 'ftp://s3.example.com' }],
    ['S3_REGION', { ...S3_ENV, S3_REGION: 'eu west' }],
    ['S3_BUCKET', { ...S3_ENV, S3_BUCKET: 's3://photos' }],
    ['S3_FORCE_PATH_STYLE', { ...S3_ENV, S3_FORCE_PATH_STYLE: 'yes' }],
    ['S3_BUCKET', { ...S3_ENV, S3_BUCKET: '' }],
    ['S3_ACCESS_KEY_ID', { ...S3_ENV, S3_ACCESS_KEY_ID: '' }],
    ['S3_SECRET_ACCESS_KEY', { ...S3_ENV, S3_SECRET_ACCESS_KEY: ' ' }],
  ])('stops start-up on a bad or missing %s, naming it', (name, env) => {
    expect(() => parseSettings(env)).toThrow(ConfigError);
    expect(() => parseSettings(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it('names every missing S3 variable at once', () => {
    expect(() => parseSettings({ STORAGE: 's3' })).toThrow(
      'Invalid configuration:\n  S3_BUCKET: is required when STORAGE=s3\n  S3_ACCESS_KEY_ID: is required when ' +
        'STORAGE=s3\n  S3_SECRET_ACCESS_KEY: is required when STORAGE=s3',
    );
  });

  it('never repeats the secret key in a configuration error', () => {
    try {
      parseSettings({ ...S3_ENV, S3_ENDPOINT: 'nope' });
    } catch (error) {
      expect(String(error)).not.toContain('sekrit-key');
    }
    expect.assertions(1);
  });
});

describe('createStorage', () => {
  it('builds the adapter the configuration names', () => {
    const local = createStorage({ kind: 'local', dir: '/tmp/x' }, { signingSecret: 's' });
    expect(local).toBeInstanceOf(LocalStorage);
    expect(local.kind).toBe('local');
    const s3 = createStorage(parseSettings(S3_ENV).storage, { signingSecret: 's' });
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.kind).toBe('s3');
  });

  it('keeps secrets out of anything that logs or serialises the store', () => {
    const local = createStorage({ kind: 'local', dir: '/tmp/x' }, { signingSecret: 'signing-secret-value' });
    const s3 = createStorage(parseSettings(S3_ENV).storage, { signingSecret: 'signing-secret-value' });
    for (const store of [local, s3]) {
      for (const shown of [JSON.stringify(store), inspect(store, { depth: 10, showHidden: true })]) {
        expect(shown).not.toContain('signing-secret-value');
        expect(shown).not.toContain('sekrit-key');
      }
    }
  });

  it('refuses to sign local URLs without a secret', () => {
    expect(() => createStorage({ kind: 'local', dir: '/tmp/x' }, { signingSecret: '' })).toThrow(
      /signing secret/,
    );
  });
});

describe('assertValidKey', () => {
  it.each(['media/u1/m1/original', 'media/u1/m1/thumb.webp', 'a', 'A-b_c.d/e'])('accepts %j', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    '',
    '/media/a',
    '../a',
    'media/../a',
    'media/a..b',
    'media//a',
    'media/a/',
    '.hidden',
    'media/.DS_Store',
    'media/a b',
    'media/ä',
    'media/a\\b',
    'media/a\nb',
    'media/a.part',
    'a'.repeat(1025),
  ])('refuses %j', (key) => {
    expect(() => assertValidKey(key)).toThrow(/Invalid storage key/);
  });
});

describe('downloadUrlTiming', () => {
  it('signs at the start of a window of half the lifetime and always leaves at least the lifetime', () => {
    for (const nowSeconds of [1_800_000_000, 1_800_000_001, 1_800_001_799, 1_800_001_800]) {
      const { signedAt, expiresAt } = downloadUrlTiming(nowSeconds * 1000 + 500, 3600);
      expect(signedAt % 1800).toBe(0);
      expect(signedAt).toBeLessThanOrEqual(nowSeconds);
      expect(expiresAt - nowSeconds).toBeGreaterThanOrEqual(3600);
      expect(expiresAt - nowSeconds).toBeLessThanOrEqual(5400);
    }
  });

  it('stays within the one-week ceiling of S3 presigned URLs', () => {
    const week = MAX_URL_LIFETIME_SECONDS;
    for (const lifetime of [week, week - 1, week / 2, 5 * 24 * 3600]) {
      const { signedAt, expiresAt } = downloadUrlTiming(Date.now(), lifetime);
      expect(expiresAt - signedAt).toBeLessThanOrEqual(week);
      expect(expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(lifetime);
    }
  });

  it.each([0, -1, 1.5, MAX_URL_LIFETIME_SECONDS + 1])('refuses a lifetime of %s seconds', (lifetime) => {
    expect(() => downloadUrlTiming(Date.now(), lifetime)).toThrow(/lifetime/);
  });
});

describe('storageOrigin', () => {
  const s3 = (overrides: Partial<Extract<Config['storage'], { kind: 's3' }>>): Config['storage'] => ({
    kind: 's3',
    region: 'us-east-1',
    bucket: 'photos',
    accessKeyId: 'AKID',
    secretAccessKey: 'secret',
    forcePathStyle: false,
    ...overrides,
  });

  it('is undefined for local storage: the app serves it from its own origin', () => {
    expect(storageOrigin({ kind: 'local', dir: '/tmp' })).toBeUndefined();
  });

  it.each([
    [s3({}), 'https://photos.s3.us-east-1.amazonaws.com'],
    [s3({ region: 'eu-west-3' }), 'https://photos.s3.eu-west-3.amazonaws.com'],
    [s3({ bucket: 'my.photos' }), 'https://s3.us-east-1.amazonaws.com'],
    [s3({ bucket: 'Photos' }), 'https://s3.us-east-1.amazonaws.com'],
    [s3({ forcePathStyle: true }), 'https://s3.us-east-1.amazonaws.com'],
    [s3({ endpoint: 'http://127.0.0.1:9000' }), 'http://127.0.0.1:9000'],
    [s3({ endpoint: 'http://minio.local:9000', forcePathStyle: true }), 'http://minio.local:9000'],
    [
      s3({ endpoint: 'https://acc.r2.cloudflarestorage.com', region: 'auto' }),
      'https://photos.acc.r2.cloudflarestorage.com',
    ],
    [s3({ endpoint: 'https://s3.example.com:8443/base/' }), 'https://photos.s3.example.com:8443'],
  ])('is where the SDK sends the browser: %#', async (config, origin) => {
    expect(storageOrigin(config)).toBe(origin);
    const store = createStorage(config, { signingSecret: 's' });
    const urls = [
      await store.createUploadUrl('media/a/b/original', {
        contentType: 'image/jpeg',
        size: 1,
        expiresInSeconds: 60,
      }),
      await store.createDownloadUrl('media/a/b/original', {
        expiresInSeconds: 60,
        disposition: 'inline',
        contentType: 'image/jpeg',
      }),
    ];
    for (const url of urls) expect(new URL(url).origin).toBe(origin);
  });
});

describe('S3 presigned upload URL', () => {
  it('signs the content type and length, so S3 refuses any other, and carries no checksum of an empty body', async () => {
    const store = createStorage(parseSettings(S3_ENV).storage, {
      signingSecret: 's',
      now: () => Date.UTC(2030, 0, 2),
    });
    const url = new URL(
      await store.createUploadUrl('media/a/b/original', {
        contentType: 'video/mp4',
        size: 1234,
        expiresInSeconds: 900,
      }),
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20300102T000000Z');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });
});
