// The installed app (issue 27) in a real browser against the real server, with its service worker: once a
// traveller has signed in, the app, its map and their places open with no network, marked as the copy kept
// on the device and dated, and turn live again when the network is back; photos shared from the phone's
// gallery (the manifest's share target) open the quick upload with them, whether the worker keeps them or,
// without it, the server asks for them again (on a phone alone: share sheets are a phone's). Set
// WAYMARKS_SHOTS_DIR to keep screenshots.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { createPins } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
const MADRID_PHOTO = path.join(path.resolve('../shared/fixtures/media'), 'photos/gps/iphone6_madrid.jpg');
let sequence = 0;

/** A new traveller with two places, signed in on this page's browser. */
async function traveller(page: Page): Promise<void> {
  const email = `offline-${test.info().workerIndex}-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Ibn Battuta', tier: 'basic' });
  const token = await signInThroughApi(page, email, PASSWORD);
  await createPins(page.request, token, [
    { title: 'Lisbon', lat: 38.7223, lng: -9.1393 },
    { title: 'Tangier', lat: 35.7595, lng: -5.834 },
  ]);
}

/** The dashboard, drawn, with the service worker installed and in control of the page. */
async function dashboardWithWorker(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Whether the places are kept on the device yet (written a moment after they load). */
function placesKeptOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('waymarks');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('offline-copy')) return resolve(0);
          const get = db.transaction('offline-copy').objectStore('offline-copy').get('places');
          get.onsuccess = () => {
            resolve((get.result as { pins?: unknown[] } | undefined)?.pins?.length ?? 0);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Submits `files` to the share target as the share sheet does: a navigation POST of multipart/form-data. */
async function shareFromGallery(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  await page.evaluate(
    (shared) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/share-target';
      form.enctype = 'multipart/form-data';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'media';
      input.multiple = true;
      const transfer = new DataTransfer();
      for (const file of shared) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      input.files = transfer.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    files.map(({ name, type, bytes }) => ({ name, type, base64: bytes.toString('base64') })),
  );
}

test.describe('with the app installed', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'the map and the places open offline, marked as saved on the device with their date, and turn live again online',
    { tag: '@phone' },
    async ({ page, context }) => {
      await traveller(page);
      await dashboardWithWorker(page);
      await expect(page.getByRole('button', { name: 'Lisbon, Portugal' })).toBeVisible();
      await expect.poll(() => placesKeptOnDevice(page), { timeout: 15_000 }).toBe(2);

      await context.setOffline(true);
      await page.reload();

      // The app comes from the device, the session cannot be restored, and the places kept are shown as such.
      const notice = page.locator('[data-offline-notice]');
      await expect(notice).toBeVisible({ timeout: 30_000 });
      await expect(notice).toContainText(
        /These are your places as saved on this device on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./,
      );
      await expect(page.getByText("You're offline: Waymarks can't be reached.")).toBeVisible();
      await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Lisbon, Portugal' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Tangier, Morocco' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Upload:/ })).toBeDisabled();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'offline', 'dashboard-offline', { fullPage: false });

      // Back online: the session is restored, the notice goes and the places are the server's again.
      await context.setOffline(false);
      await expect(notice).toBeHidden({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: /^Upload:/ })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Lisbon, Portugal' })).toBeVisible();
    },
  );

  test(
    'photos shared from the gallery open the quick upload with them, and upload to where they were taken',
    { tag: '@phone-only' },
    async ({ page }) => {
      await traveller(page);
      await dashboardWithWorker(page);

      await shareFromGallery(page, [
        { name: 'iphone6_madrid.jpg', type: 'image/jpeg', bytes: readFileSync(MADRID_PHOTO) },
      ]);
      const dialog = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      // The address no longer asks for shared files: a reload opens nothing again.
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1);
      await expect(dialog.getByRole('list', { name: 'Selected files' })).toContainText('iphone6_madrid.jpg');
      await screenshot(page, 'offline', 'shared-photo', { fullPage: false });

      await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).click();
      await expect(dialog.getByRole('list', { name: 'Places' }).getByRole('listitem')).toHaveText(
        [/, Spain1 photo$/],
        { timeout: 45_000 },
      );
    },
  );
});

test(
  'photos shared before the app could keep them are asked for again, with Upload at hand',
  { tag: '@phone-only' },
  async ({ page }) => {
    // Service workers are blocked here: the share sheet's POST reaches the server, which keeps nothing.
    await traveller(page);
    await page.goto('/dashboard');
    await shareFromGallery(page, [
      { name: 'iphone6_madrid.jpg', type: 'image/jpeg', bytes: readFileSync(MADRID_PHOTO) },
    ]);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: "The photos you shared didn't reach Waymarks." });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await screenshot(page, 'offline', 'shared-lost', { fullPage: false });
    await notice.getByRole('button', { name: 'Choose photos' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload & Auto-Detect' })).toBeVisible();
  },
);
