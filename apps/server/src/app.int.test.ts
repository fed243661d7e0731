import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/database.js';
import { extractCode } from './testing/smtp.js';
import { createTestDatabase, startTestApp, testDialects, type TestApp } from './testing/test-app.js';

describe.each(testDialects())('the server on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('answers /api/health and /api/ready', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers a share sheet’s POST that no service worker took with the dashboard asking for the files again', async () => {
    const boundary = '----waymarks-share';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="media"; filename="photo.jpg"',
      'Content-Type: image/jpeg',
      '',
      randomBytes(64 * 1024).toString('binary'),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const bodies = [
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        payload: Buffer.from(multipart, 'binary'),
      },
      { 'content-type': 'application/json', payload: '{"not":"json' },
      { 'content-type': 'text/plain', payload: '' },
    ];
    for (const { payload, ...headers } of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/share-target', headers, payload });
      expect([headers['content-type'], res.statusCode, res.headers.location]).toEqual([
        headers['content-type'],
        303,
        '/dashboard?shared=again',
      ]);
    }
  });

  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('sends API answers the strictest policy: no content of any kind, never framed, never cached', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('publishes OpenAPI generated from the shared schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const signUp = doc.paths['/api/auth/signup'].post;
    expect(Object.keys(signUp.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'email', 'username', 'password']),
    );
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('the server with the built web app', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'waymarks-web-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><meta name="waymarks-config" content="{}" /><title>Waymarks</title>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    const testDb = await createTestDatabase('sqlite');
    drop = testDb.drop;
    await migrateToLatest(testDb.db);
    const config = loadConfig(
      {
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        SUPPORT_EMAIL: 'help@example.org',
        DISCORD_URL: 'https://chat.example.org/"quoted"',
        PUBLIC_URL: 'https://maps.example.org/',
      },
      { webDistDir: webDir },
    );
    app = await buildApp({ config: { ...config, database: testDb.database }, db: testDb.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves index.html for every page route, so the web app can route /signin, /dashboard and the rest', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/signin', 200],
      ['/dashboard', 200],
      ['/some/unknown/page', 404],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body).toContain('<title>Waymarks</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends pages a Content-Security-Policy that allows only its own origin', async () => {
    const res = await app.inject({ url: '/signin' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the map library run its same-origin worker and draw images from data: and blob:', async () => {
    const csp = String((await app.inject({ url: '/dashboard' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toContain('child-src');
    expect(csp).toContain("img-src 'self' data: blob:");
  });

  it("hands the page this instance's public settings in index.html, attribute-escaped", async () => {
    const html = (await app.inject({ url: '/feedback' })).body;
    const content = /<meta name="waymarks-config" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const decoded = content.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
    expect(JSON.parse(decoded)).toEqual({
      supportEmail: 'help@example.org',
      discordUrl: 'https://chat.example.org/"quoted"',
      googleEnabled: false,
      mapStyleUrl: null,
      mapPmtilesUrl: null,
      siteUrl: 'https://maps.example.org',
    });
  });

  it('answers /map/ paths with 404, not the page, when no basemap file is configured', async () => {
    const res = await app.inject({ url: '/map/basemap.pmtiles' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed brotli copy to browsers that accept it, and says the answer varies', async () => {
    const br = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers.vary).toContain('accept-encoding');
    const plain = await app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('the server with a map style and a PMTiles basemap configured', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-web-map-'));
  const webDir = path.join(dir, 'web');
  const pmtiles = path.join(dir, 'world.pmtiles');
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    mkdirSync(webDir);
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><meta name="waymarks-config" content="{}" /><title>Waymarks</title>',
    );
    writeFileSync(pmtiles, randomBytes(1024));
    const testDb = await createTestDatabase('sqlite');
    drop = testDb.drop;
    await migrateToLatest(testDb.db);
    const config = loadConfig(
      {
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty.json?key=a&b="c"',
        MAP_PMTILES: pmtiles,
      },
      { webDistDir: webDir },
    );
    app = await buildApp({ config: { ...config, database: testDb.database }, db: testDb.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands the page the style URL and the same-origin address of the basemap file', async () => {
    const html = (await app.inject({ url: '/dashboard' })).body;
    const content = /<meta name="waymarks-config" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const decoded = content.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
    expect(JSON.parse(decoded)).toMatchObject({
      mapStyleUrl: 'https://tiles.example.org/styles/liberty.json?key=a&b="c"',
      mapPmtilesUrl: '/map/basemap.pmtiles',
    });
    expect((await app.inject({ method: 'HEAD', url: '/map/basemap.pmtiles' })).statusCode).toBe(200);
  });

  it("allows the style's origin, and only it, for connections and images in the page policy", async () => {
    const csp = String((await app.inject({ url: '/dashboard' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://tiles.example.org;");
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org;");
    expect(csp).toContain("script-src 'self';");
    expect(csp.match(/https?:\/\/[^ ;]+/g)).toEqual([
      'https://tiles.example.org',
      'https://tiles.example.org',
    ]);
  });

  it('keeps the strict policy on API answers', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens', async () => {
    const lines: string[] = [];
    const t = await startTestApp('sqlite');
    const testDb = await createTestDatabase('sqlite');
    await migrateToLatest(testDb.db);
    const app = await buildApp({
      config: { ...t.config, logLevel: 'trace', database: testDb.database },
      db: testDb.db,
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const email = 'logs@example.com';
      const password = 'Very-Secret-Pass9';
      const since = Date.now();
      await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Log', email, password },
      });
      const code = extractCode(await t.mail.waitForMail(email, { since }));
      await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code } });
      const session = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password },
      });
      const { accessToken } = session.json();
      const refresh = session.cookies[0]!.value;
      await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
      await app.inject({ url: `/oauth/callback?code=${code}` });

      const log = lines.join('\n');
      // One access line for each of the five requests, besides what the app itself logged.
      const answered = lines.filter((line) => line.includes('"msg":"request completed"'));
      expect(answered).toHaveLength(5);
      for (const secret of [password, code, accessToken, refresh]) expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await testDb.drop();
      await t.close();
    }
  });
});
