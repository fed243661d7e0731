// The Unplaced tray of a quick upload in a real browser against the real server: photos with GPS are
// placed, those without wait in the tray by name; the traveller sends one to a place of theirs, leaves
// another out, or sends them all to a place found by search, and the photos end up in that place's gallery.
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { createPins } from './support/pins.js';
import { openSignedIn, signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const FIXTURES = path.resolve('../shared/fixtures/media');
const fixture = (relative: string) => path.join(FIXTURES, relative);
const MADRID = fixture('photos/gps/iphone6_madrid.jpg');
const JOLLA = fixture('photos/no-gps/jolla.jpg');
const CANON = fixture('photos/no-gps/canon_40d.jpg');

/** A new traveller with a saved place in Lisbon, signed in on the dashboard with its map drawn. */
async function signInWithLisbon(page: Page) {
  const email = `unplaced-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Freya Stark', tier: 'free' });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), [
    { title: 'Lisbon', lat: 38.7223, lng: -9.1393 },
  ]);
  await openSignedIn(page, '/dashboard', email, PASSWORD);
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

async function quickUpload(page: Page, files: string[]): Promise<Locator> {
  await page.getByRole('button', { name: /^Upload:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
  await dialog.locator('input[type="file"]').setInputFiles(files);
  await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).click();
  return dialog;
}

const trayFiles = (dialog: Locator) =>
  dialog.getByRole('list', { name: 'Unplaced files' }).getByRole('listitem');

test(
  'a quick upload places the photos with GPS; one without goes to a place of the traveller’s, one is left out',
  { tag: '@phone' },
  async ({ page }) => {
    await signInWithLisbon(page);
    const dialog = await quickUpload(page, [MADRID, JOLLA, CANON]);

    // The Madrid photo is placed; the two without GPS wait, by name, instead of stopping the upload.
    const heading = dialog.getByRole('heading', { name: '1 photo in 1 place, 1 country' });
    await expect(heading).toBeFocused({ timeout: 45_000 });
    await expect(dialog.getByRole('heading', { name: 'Unplaced' })).toBeVisible();
    await expect(trayFiles(dialog)).toHaveText([/jolla\.jpg/, /canon_40d\.jpg/]);
    // A JPEG shows a picture of itself, drawn by the browser from the file.
    const thumbnail = trayFiles(dialog).first().locator('img');
    await expect(thumbnail).toHaveJSProperty('complete', true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await dialog.getByRole('heading', { name: 'Unplaced' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'unplaced', 'tray', { fullPage: false });

    // jolla.jpg goes to Lisbon, chosen from the traveller's places with the keyboard.
    await dialog.getByRole('button', { name: 'Choose a place for jolla.jpg' }).press('Enter');
    const places = dialog.getByRole('combobox', { name: 'One of your places' });
    await expect(places).toBeFocused();
    const lisbon = await places.locator('option', { hasText: 'Lisbon' }).textContent();
    await places.selectOption({ label: lisbon ?? '' });
    await expect(dialog.getByRole('group', { name: 'Where was jolla.jpg taken?' })).toContainText(
      '(one of your places)',
    );
    await dialog.getByRole('button', { name: 'Upload to Lisbon' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'unplaced', 'chooser', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Upload to Lisbon' }).click();

    await expect(dialog.getByRole('heading', { name: '2 photos in 2 places, 2 countries' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByRole('status').filter({ hasText: 'jolla.jpg is in Lisbon now.' })).toHaveCount(
      1,
    );
    await expect(dialog.getByRole('list', { name: 'Places' }).getByRole('listitem')).toHaveText([
      /, Spain1 photo$/,
      /^Lisbon, .*1 photo$/,
    ]);
    await expect(trayFiles(dialog)).toHaveText([/canon_40d\.jpg/]);
    await expect(dialog.getByRole('heading', { name: 'Unplaced' })).toBeFocused();

    // canon_40d.jpg is left out: the tray closes and focus goes back to the summary's heading.
    await dialog.getByRole('button', { name: 'Leave out canon_40d.jpg' }).click();
    await expect(dialog.getByRole('heading', { name: 'Unplaced' })).toHaveCount(0);
    await expect(dialog.getByRole('status').filter({ hasText: 'canon_40d.jpg was left out.' })).toHaveCount(
      1,
    );
    await expect(dialog.getByRole('heading', { name: '2 photos in 2 places, 2 countries' })).toBeFocused();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'unplaced', 'done', { fullPage: false });

    // In Lisbon's gallery: jolla.jpg, and nothing of canon_40d.jpg.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('combobox', { name: 'Search destinations' }).fill('Lisbon');
    await page.getByRole('option', { name: /^Lisbon, Your place/ }).click();
    const place = page.getByRole('dialog', { name: 'Lisbon' });
    await expect(place.getByRole('tab', { name: 'View Media (1)' })).toHaveAttribute('aria-selected', 'true');
    const grid = place.getByRole('list', { name: /^Photos & videos/ });
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(grid.getByRole('button', { name: /^jolla\.jpg, photo/ })).toBeVisible();
    await expect(place.getByText('canon_40d.jpg')).toHaveCount(0);
  },
);

test('with nothing to place the upload says so, and every file can go at once to a place found by search', async ({
  page,
}) => {
  await signInWithLisbon(page);
  const dialog = await quickUpload(page, [JOLLA, CANON]);

  await expect(dialog.getByRole('alert')).toHaveText(
    'Please wait for location detection to complete, or select photos with GPS data.',
    { timeout: 30_000 },
  );
  await expect(trayFiles(dialog)).toHaveText([/jolla\.jpg/, /canon_40d\.jpg/]);
  // The files moved to the tray: they are not selected as well.
  await expect(dialog.getByRole('list', { name: 'Selected files' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose a place for all 2' }).click();
  const chooser = dialog.getByRole('group', { name: 'Where were these 2 files taken?' });
  await chooser.getByRole('combobox', { name: 'Search destinations' }).fill('Arezzo');
  await chooser
    .getByRole('option', { name: /^Arezzo/ })
    .first()
    .click();
  await expect(chooser).toContainText('(a new place on your map)');
  await screenshot(page, 'unplaced', 'search', { fullPage: false });
  await chooser.getByRole('button', { name: 'Upload to Arezzo' }).click();

  // The place became a pin with both photos, and the dialog sums the upload up.
  await expect(dialog.getByRole('heading', { name: '2 photos in 1 place, 1 country' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(dialog.getByRole('list', { name: 'Places' }).getByRole('listitem')).toHaveText([
    /^Arezzo, Italy2 photos$/,
  ]);
  await expect(dialog.getByRole('heading', { name: 'Unplaced' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Show on map' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Arezzo, Italy$/ })).toBeInViewport();
});
