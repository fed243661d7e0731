// The scaled-out deployment in a real browser (support/scale-out.ts): PostgreSQL, an S3 API, two app
// instances and a worker behind HAProxy. A traveller signs up, saves places and uploads photos with their
// requests spread over both instances; one instance is killed with SIGKILL while the photos go up, and the
// journey ends through the other. Then the database and the bucket are read directly: every ready item has
// its objects, every object has its row, and the usage the traveller is shown is what the bucket holds.
// Set WAYMARKS_SHOTS_DIR to keep a screenshot of the gallery.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MB } from '@waymarks/shared';
import { mediaKeys, parseMediaKey } from '../apps/server/src/modules/media/media-keys.js';
import { screenshot } from './support/page-checks.js';
import { expect as baseExpect, test, type AppInstance, type LoggedRequest } from './support/scale-out.js';
import { signInThroughApi, signUpThroughForm } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
const AREZZO_PHOTOS = [
  'DSCN0010.jpg',
  'DSCN0012.jpg',
  'DSCN0021.jpg',
  'DSCN0025.jpg',
  'DSCN0027.jpg',
  'DSCN0029.jpg',
  'DSCN0038.jpg',
  'DSCN0040.jpg',
].map((name) => path.resolve('../shared/fixtures/media/photos/gps', name));
/**
 * Every step waits longer than elsewhere: five processes and the browser share the machine, and on a
 * 2-core one busy with other suites a step has been seen to take ten times as long as on a quiet one.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
/** How often the traveller sends again the files a run could not upload. */
const MOST_RETRIES = 2;

// No X-Forwarded-For from the browser (playwright.config.ts adds one): HAProxy names the client here, and
// an extra header on the uploads to the bucket would ask it for a CORS preflight a browser never sends.
test.use({ extraHTTPHeaders: {} });

/** The requests of the traveller's journey, without HAProxy's health checks. */
const journey = (instance: AppInstance): LoggedRequest[] =>
  instance.requests().filter((request) => request.url !== '/api/ready');

async function searchAndChoose(page: Page, query: string, option: RegExp, name: string): Promise<Locator> {
  await page.getByRole('combobox', { name: 'Search destinations' }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Searches a place and saves it to the map: a pin with no photos yet. */
async function savePlace(page: Page, query: string, option: RegExp, name: string): Promise<Locator> {
  const dialog = await searchAndChoose(page, query, option, name);
  await dialog.getByRole('button', { name: 'Save to my map' }).click();
  await expect(dialog).toContainText('Saved • 0 media');
  return dialog;
}

/** Waits until the upload run ends; answers how many of its files are still selected (not uploaded). */
async function afterRun(dialog: Locator): Promise<number> {
  await expect(dialog.getByRole('button', { name: 'Uploading…' })).toHaveCount(0, { timeout: 90_000 });
  return dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem').count();
}

// Like the PostgreSQL half of the integration tier, the journey needs TEST_DATABASE_URL (`.ci/run` sets it);
// without it, it is left out with a notice.
if (process.env.TEST_DATABASE_URL) {
  test('a traveller signs up, saves places and uploads photos across two instances; one is killed mid-upload, the journey ends on the other, and rows, objects and usage agree', async ({
    page,
    scaleOut,
  }, testInfo) => {
    // As long as its steps may take on a busy machine (see `expect` above).
    test.setTimeout(240_000);
    const [doomed, survivor] = scaleOut.instances;
    const email = `scale-out-${Date.now()}@example.com`;

    // Sign-up with the e-mailed code.
    await signUpThroughForm(page, { name: 'Gertrude Bell', email, password: PASSWORD }, (since) =>
      scaleOut.mail.waitForMail(email, { since, timeoutMs: 30_000 }),
    );
    await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 90_000 });

    // Two places saved, then photos for one of them.
    await savePlace(page, 'Lisboa', /^Lisbon/, 'Lisbon');
    await page.keyboard.press('Escape');
    const arezzo = await savePlace(page, 'Arezzo', /^Arezzo/, 'Arezzo');
    await expect(arezzo.getByRole('tab', { name: 'Upload Photos & Videos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await arezzo.locator('input[type="file"]').setInputFiles(AREZZO_PHOTOS);
    await expect(arezzo.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(
      AREZZO_PHOTOS.length,
    );

    // Both instances have served the journey so far.
    expect(journey(doomed).length, 'requests that reached instance a').toBeGreaterThan(0);
    expect(journey(survivor).length, 'requests that reached instance b').toBeGreaterThan(0);

    // Instance a is killed while it completes a photo's upload (media.routes.ts logs 'upload completing' once
    // it has the whole request). Its completion either reaches the other instance through HAProxy, or fails
    // in the browser, whose upload then cancels it and keeps the file selected to be sent again.
    const killed = doomed.killWhenLogging('upload completing');
    await arezzo.getByRole('button', { name: `Upload ${AREZZO_PHOTOS.length} files` }).click();
    await killed;
    const servedBeforeKill = journey(survivor).length;

    // What a run could not send stays selected, with a sentence for each file; the traveller sends it again.
    let left = await afterRun(arezzo);
    const retries: number[] = [];
    while (left > 0 && retries.length < MOST_RETRIES) {
      retries.push(left);
      await arezzo.getByRole('button', { name: `Upload ${left} ${left === 1 ? 'file' : 'files'}` }).click();
      left = await afterRun(arezzo);
    }
    testInfo.annotations.push({
      type: 'files sent again after the kill',
      description: retries.length > 0 ? retries.join(', then ') : 'none',
    });
    // Which instance took each request, and what HAProxy sent again after the kill.
    await testInfo.attach('haproxy.log', { body: scaleOut.logs().haproxy ?? '', contentType: 'text/plain' });
    expect(left, 'files still not uploaded').toBe(0);

    // The gallery shows every photo with its thumbnail, whichever process made it.
    const viewTab = arezzo.getByRole('tab', { name: `View Media (${AREZZO_PHOTOS.length})` });
    await viewTab.click();
    const grid = arezzo.getByRole('list', { name: /^Photos & videos/ });
    await expect(grid.getByRole('listitem')).toHaveCount(AREZZO_PHOTOS.length);
    await expect(grid.locator('img')).toHaveCount(AREZZO_PHOTOS.length, { timeout: 60_000 });
    for (const thumbnail of await grid.locator('img').all()) {
      await expect(thumbnail).toHaveJSProperty('complete', true);
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await grid.scrollIntoViewIfNeeded();
    await screenshot(page, 'scale-out', 'gallery', { fullPage: false });

    // The rest of the journey went through the instance left standing.
    const servedAfterKill = journey(survivor).slice(servedBeforeKill);
    expect(servedAfterKill.some((request) => request.url === '/api/media/complete')).toBe(true);

    // Straight from PostgreSQL and the bucket: rows and objects agree both ways.
    const [user] = await scaleOut.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    // The two places saved are two pins, whatever was sent again after the kill.
    const pins = await scaleOut.query<{ title: string }>(
      'SELECT title FROM pins WHERE user_id = $1 ORDER BY title',
      [user!.id],
    );
    expect(pins.map((pin) => pin.title)).toEqual(['Arezzo', 'Lisbon']);
    const rows = await scaleOut.query<{ id: string; user_id: string; status: string; size_bytes: string }>(
      'SELECT id, user_id, status, size_bytes FROM media',
    );
    const objects = await scaleOut.storedObjects();
    const sizeOf = new Map(objects.map((object) => [object.key, object.size]));
    const ready = rows.filter((row) => row.status === 'ready');
    expect(ready).toHaveLength(AREZZO_PHOTOS.length);
    expect(ready.every((row) => row.user_id === user!.id)).toBe(true);
    for (const row of ready) {
      const keys = mediaKeys(row.user_id, row.id);
      expect([keys.original, keys.thumbnail, keys.preview].filter((key) => !sizeOf.has(key))).toEqual([]);
      expect(sizeOf.get(keys.original)).toBe(Number(row.size_bytes));
      expect(sizeOf.has(keys.upload)).toBe(false);
    }
    // Any other row can only be an upload reserved or completed on the killed instance whose answer never
    // came back. Still pending, it owns at most what its link wrote (upload) or what a completion cut short
    // moved (original); the sweep removes it once its link has long run out.
    const pending = rows.filter((row) => row.status !== 'ready');
    expect(pending.every((row) => row.status === 'pending')).toBe(true);
    const rowOf = new Map(rows.map((row) => [row.id, row]));
    const strays = objects.filter((object) => {
      const parsed = parseMediaKey(object.key);
      const row = parsed && rowOf.get(parsed.mediaId);
      if (!row || row.user_id !== parsed.userId) return true;
      return row.status === 'pending' && parsed.object !== 'upload' && parsed.object !== 'original';
    });
    expect(strays, 'objects no row owns').toEqual([]);

    // The usage the traveller is shown is what the bucket holds for their ready photos.
    const storedBytes = ready.reduce(
      (sum, row) => sum + sizeOf.get(mediaKeys(row.user_id, row.id).original)!,
      0,
    );
    const token = await signInThroughApi(page, email, PASSWORD);
    const answer = await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    const { usage } = (await answer.json()) as { usage: { totalUsedMB: number; mediaCount: number } };
    expect(usage.mediaCount).toBe(AREZZO_PHOTOS.length);
    expect(usage.totalUsedMB).toBe(Number((storedBytes / MB).toFixed(2)));
  });
} else {
  console.warn('TEST_DATABASE_URL is not set: the scaled-out journey (e2e/scale-out.spec.ts) is skipped.');
}
