// Backup and restore with the admin CLI, on a real SQLite DATA_DIR: a backup taken while a traveller keeps
// adding pins restores into a fresh DATA_DIR where every pin, media item and stored file that existed
// before it started is found again, byte for byte; and the cases where they refuse say why.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaListResponse, PinListResponse, Profile } from '@waymarks/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { runAdminCommand } from '../cli.js';
import { loadConfig } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { InProcessQueue } from '../jobs/in-process.js';
import { startSmtpCapture } from '../testing/smtp.js';
import {
  apiCaller,
  createPinAs,
  createSignedInUser,
  sharedGazetteer,
  type SignedInUser,
  type TestApp,
} from '../testing/test-app.js';
import { uploadFixture } from '../testing/uploads.js';
import { storedFiles } from './backup-files.js';

const EMAIL = 'backup@example.com';
const PHOTOS = ['photos/gps/DSCN0010.jpg', 'photos/gps/DSCN0012.jpg', 'photos/gps/DSCN0021.jpg'];
const IMAGE = { contentType: 'image/jpeg' };

const folders: string[] = [];
function newFolder(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `waymarks-${label}-`));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const envOf = (dataDir: string) => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const admin = (dataDir: string, ...argv: string[]) => runAdminCommand(argv, envOf(dataDir));

/** The real app on DATA_DIR's own database (DATA_DIR/waymarks.db), as `npm start` runs it. */
async function startAppOn(dataDir: string): Promise<TestApp> {
  const mail = await startSmtpCapture();
  const config = loadConfig(
    { ...envOf(dataDir), SMTP_URL: mail.url, MAIL_FROM: 'Waymarks <no-reply@waymarks.test>' },
    { webDistDir: path.join(tmpdir(), 'waymarks-no-web') },
  );
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  const failed = (object: object, message: string) => console.error(`job: ${message}`, object);
  const jobs = new InProcessQueue({ log: { warn: failed, error: failed } });
  const app = await buildApp({ config, db, logger: false, gazetteer: sharedGazetteer(), jobs });
  await app.ready();
  return {
    app,
    db,
    config,
    mail,
    now: Date.now,
    advance: () => {
      throw new Error('this app keeps real time');
    },
    sleeps: [],
    jobsDone: () => jobs.idle(),
    close: async () => {
      await app.close();
      await db.destroy();
      await mail.close();
    },
  };
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every stored file under DATA_DIR/media with its SHA-256, by its path inside that folder. */
async function storedHashes(dataDir: string): Promise<Map<string, string>> {
  const root = path.join(dataDir, 'media');
  const hashes = new Map<string, string>();
  for await (const relative of storedFiles(root)) hashes.set(relative, sha256(path.join(root, relative)));
  return hashes;
}

describe('npm run admin -- backup and restore on SQLite with local media', () => {
  it(
    'restores a backup taken during writes with every earlier pin, media item and file, byte for byte',
    { timeout: 120_000 },
    async () => {
      const source = newFolder('source');
      const t = await startAppOn(source);
      const call = apiCaller(() => t);
      let traveller: SignedInUser;
      let pinsBefore: PinListResponse;
      const mediaBefore = new Map<string, MediaListResponse['media']>();
      let writtenDuring = 0;
      const backupDir = path.join(newFolder('backup'), 'copy');
      try {
        traveller = await createSignedInUser(t, { email: EMAIL, name: 'Ida Pfeiffer' });
        await admin(source, 'set-tier', EMAIL, 'pro');
        const lisbon = await createPinAs(call, traveller, { lat: 38.7223, lng: -9.1393, title: 'Lisbon' });
        const porto = await createPinAs(call, traveller, { lat: 41.1579, lng: -8.6291, title: 'Porto' });
        await createPinAs(call, traveller, { lat: 37.0194, lng: -7.9304, title: 'Faro' });
        await uploadFixture(t, call, traveller, lisbon.pinId, PHOTOS[0]!, IMAGE);
        await uploadFixture(t, call, traveller, lisbon.pinId, PHOTOS[1]!, IMAGE);
        await uploadFixture(t, call, traveller, porto.pinId, PHOTOS[2]!, IMAGE);
        pinsBefore = PinListResponse.parse((await call('GET', '/api/pins', traveller)).json());
        for (const pin of [lisbon, porto]) {
          const listed = await call('GET', `/api/media/pin/${pin.pinId}`, traveller);
          mediaBefore.set(pin.pinId, MediaListResponse.parse(listed.json()).media);
        }
        const hashesBefore = await storedHashes(source);

        // The traveller goes on adding pins while the backup runs.
        let backingUp = true;
        const writer = (async () => {
          while (backingUp) {
            await createPinAs(call, traveller, { lat: 40 + writtenDuring / 100, lng: -8, title: 'Later' });
            writtenDuring += 1;
          }
        })();
        const summary = await admin(source, 'backup', backupDir).finally(() => {
          backingUp = false;
        });
        await writer;
        expect(summary).toMatch(/^Backed up 1 users, \d+ pins, 3 media items \(\d+ files, [\d.]+ MB\) to /);
        expect(writtenDuring).toBeGreaterThan(0);
        const manifest = JSON.parse(readFileSync(path.join(backupDir, 'backup.json'), 'utf8'));
        expect(manifest).toMatchObject({
          format: 1,
          storage: 'local',
          counts: { users: 1, media: 3 },
          mediaWithoutFile: 0,
          authSecret: true,
        });
        expect(manifest.counts.pins).toBeGreaterThanOrEqual(3);
        expect(manifest.migration).toMatch(/^\d{4}_/);

        const restored = newFolder('restored');
        const report = await admin(restored, 'restore', backupDir);
        expect(report).toMatch(/^Restored 1 users, \d+ pins, 3 media items/);
        expect(report).toContain('Database schema is up to date.');
        // Nothing holds the restored database open: the server can start on it.
        expect(existsSync(path.join(restored, 'waymarks.db-wal'))).toBe(false);

        const hashesAfter = await storedHashes(restored);
        for (const [file, hash] of hashesBefore) expect(hashesAfter.get(file), file).toBe(hash);

        const r = await startAppOn(restored);
        const again = apiCaller(() => r);
        try {
          // The session of the backup still signs in: its row and the auth secret came back together.
          const pinsAfter = PinListResponse.parse((await again('GET', '/api/pins', traveller)).json());
          for (const pin of pinsBefore.pins) {
            expect(pinsAfter.pins.find((one) => one.pinId === pin.pinId)).toEqual(pin);
          }
          for (const [pinId, media] of mediaBefore) {
            const listed = await again('GET', `/api/media/pin/${pinId}`, traveller);
            const after = MediaListResponse.parse(listed.json()).media;
            expect(after.map((item) => [item.mediaId, item.sizeBytes, item.status])).toEqual(
              media.map((item) => [item.mediaId, item.sizeBytes, item.status]),
            );
          }
          const usage = Profile.parse((await again('GET', '/api/profile', traveller)).json()).usage;
          const mediaBytes = [...mediaBefore.values()].flat().reduce((sum, item) => sum + item.sizeBytes, 0);
          expect(usage.mediaCount).toBe(3);
          expect(usage.totalPins).toBe(pinsAfter.pins.length);
          expect(usage.totalUsedMB).toBeCloseTo(mediaBytes / (1024 * 1024), 2);
        } finally {
          await r.close();
        }
      } finally {
        await t.close();
      }
    },
  );

  it('refuses to back up into a folder that is not empty', async () => {
    const source = newFolder('source');
    await admin(source, 'migrate');
    const target = newFolder('backup');
    writeFileSync(path.join(target, 'notes.txt'), 'keep me');
    await expect(admin(source, 'backup', target)).rejects.toThrow(
      `${target} is not empty: a backup goes into a new or empty folder.`,
    );
  });

  it('names pg_dump and pg_restore instead of backing up a PostgreSQL database', async () => {
    const env = { ...envOf(newFolder('pg')), DATABASE_URL: 'postgres://waymarks@127.0.0.1:1/waymarks' };
    const backup = runAdminCommand(['backup', newFolder('backup')], env);
    await expect(backup).rejects.toThrow(
      /pg_dump -Fc --dbname="\$DATABASE_URL" --file=<dir>\/waymarks\.dump/,
    );
    await expect(runAdminCommand(['restore', newFolder('backup')], env)).rejects.toThrow(
      /pg_restore --clean/,
    );
  });

  it('restores over an existing database only with --force, and never while it is open', async () => {
    const source = newFolder('source');
    await admin(source, 'create-user', 'first@example.com', 'Admin-pass1');
    const backupDir = path.join(newFolder('backup'), 'copy');
    await admin(source, 'backup', backupDir);

    const target = newFolder('target');
    await admin(target, 'create-user', 'other@example.com', 'Admin-pass1');
    const database = path.join(target, 'waymarks.db');
    await expect(admin(target, 'restore', backupDir)).rejects.toThrow(
      `${database} already exists: restore replaces them only with --force.`,
    );

    const open = createDatabase({ dialect: 'sqlite', file: database });
    try {
      await open.selectFrom('users').select('id').execute();
      await expect(admin(target, 'restore', backupDir, '--force')).rejects.toThrow(
        /waymarks\.db-wal exists: a server is running on this database/,
      );
    } finally {
      await open.destroy();
    }

    expect(await admin(target, 'restore', backupDir, '--force')).toMatch(/^Restored 1 users, 0 pins/);
    const db = createDatabase({ dialect: 'sqlite', file: database });
    try {
      const emails = await db.selectFrom('users').select('email').execute();
      expect(emails).toEqual([{ email: 'first@example.com' }]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a backup whose database file was changed after it was written', async () => {
    const source = newFolder('source');
    await admin(source, 'migrate');
    const backupDir = path.join(newFolder('backup'), 'copy');
    await admin(source, 'backup', backupDir);
    mkdirSync(path.join(backupDir, 'media'), { recursive: true });
    writeFileSync(path.join(backupDir, 'waymarks.db'), 'not a database');
    await expect(admin(newFolder('target'), 'restore', backupDir)).rejects.toThrow(/checksum differs/);
  });
});
