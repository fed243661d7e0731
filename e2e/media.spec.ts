// Photos and videos in a real browser against the real server: the upload tab with smart detection,
// uploads that become verified pins, quick upload from the map and the summary that ends it, the gallery
// and its viewer, deletion, downloads by plan, refusals said once in a sentence naming the file (the
// refused files stay selected), a photo refused after upload, and the same on a phone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { screenshot } from './support/page-checks.js';
import { openSignedIn } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const FIXTURES = path.resolve('../shared/fixtures/media');
const fixture = (relative: string) => path.join(FIXTURES, relative);
const AREZZO_PHOTOS = ['DSCN0010.jpg', 'DSCN0012.jpg', 'DSCN0021.jpg'].map((name) =>
  fixture(`photos/gps/${name}`),
);

/** Refusals as the traveller reads them: one sentence, naming the file. */
const EMPTY_REFUSAL = 'empty.jpg is empty.';
const HTML_REFUSAL = 'html-named.jpg is an HTML page, not the photo it claims to be.';
const CORRUPTED_REFUSAL = 'corrupted_data.jpg has damaged image data and cannot be read.';
const TRUNCATED_REFUSAL = 'truncated.jpg has damaged image data and cannot be read.';

type Tier = 'free' | 'basic' | 'standard' | 'plus' | 'pro';

// Every journey has a traveller of its own, so they run on both workers at once: the longest spec of the
// tier, run by one worker, kept the other idle at the end.
test.describe.configure({ mode: 'parallel' });

/** A new traveller on `tier`, signed in on the dashboard with its map drawn. */
async function signIn(page: Page, tier: Tier) {
  // The worker's index: two workers run this spec's journeys, each counting its own sequence.
  const email = `media-${tier}-${test.info().workerIndex}-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Isabella Bird', tier });
  await openSignedIn(page, '/dashboard', email, PASSWORD);
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

async function openSearchResult(page: Page, query: string, option: RegExp, name: string) {
  await page.getByRole('combobox', { name: 'Search destinations' }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const fileInput = (dialog: Locator) => dialog.locator('input[type="file"]');

/** A stat card of the stats bar, e.g. 'Media' then its figure. */
const statCard = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Your travel statistics' })
    // Folded away on a phone (decision 088): the figures are read all the same.
    .getByRole('listitem', { includeHidden: true })
    .filter({ has: page.getByText(label, { exact: true }) });
const expectStat = (page: Page, label: string, value: string) =>
  expect(statCard(page, label)).toHaveText(new RegExp(`^${label}${value}$`));

test('photos uploaded to a searched place make it a verified pin, shown in the gallery', async ({ page }) => {
  // Pathfinder: the plan from which verified pins show their badge and purple marker (SPEC.md §6).
  await signIn(page, 'plus');
  const dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');

  // The smart-detection settings wait, folded, under 'Upload settings' (decision 086).
  await expect(dialog.getByRole('switch', { name: 'Auto-detect date' })).toBeHidden();
  await dialog.getByText('Upload settings').click();
  await expect(dialog.getByRole('switch', { name: 'Auto-detect date' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const slider = dialog.getByRole('slider', { name: 'Grouping distance' });
  await expect(slider).toHaveAttribute('min', '0.1');
  await expect(slider).toHaveAttribute('max', '5');
  await expect(slider).toHaveAttribute('step', '0.1');
  await expect(dialog.getByText('1.0 km')).toBeVisible();

  await fileInput(dialog).setInputFiles(AREZZO_PHOTOS);
  await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(3);
  const detected = dialog.locator('section', { hasText: 'Auto-detected information' });
  await expect(detected).toContainText('3 photos, 3 with GPS');
  await expect(detected).toContainText('Taken October 22, 2008');
  await expect(detected).toContainText('1 location: Arezzo');

  await dialog.getByRole('button', { name: 'Upload 3 files' }).click();
  await expect(dialog.getByRole('tab', { name: 'View Media (3)' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await expect(dialog).toContainText('Saved • 3 media');
  // Each file's verification is shown after the upload.
  await expect(dialog.getByRole('heading', { name: '3 files uploaded' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Upload results' }).getByRole('listitem')).toHaveText(
    Array.from({ length: 3 }, () => /Arezzo · Verified · 100\/100$/),
  );
  await expect(dialog).toContainText('Verified');
  await expect(dialog).toContainText('October 22, 2008');
  const grid = dialog.getByRole('list', { name: /^Photos & videos/ });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  // Thumbnails are made after the upload; the gallery asks again until they are.
  await expect(grid.locator('img')).toHaveCount(3, { timeout: 30_000 });
  await expect(grid.locator('img').first()).toHaveJSProperty('complete', true);
  expect(
    await grid
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(400);

  await page.keyboard.press('Escape');
  await expectStat(page, 'Media', '3');
  // The pin names itself with the suffix on hover (decision 083).
  const arezzo = page.getByRole('button', { name: 'Arezzo ✓ Verified, Italy' });
  await arezzo.hover();
  await expect(
    page.locator('.maplibregl-marker', { has: arezzo }).getByText('Arezzo ✓ Verified', { exact: true }),
  ).toBeVisible();
});

test('quick upload places each photo by its GPS and names the new pins', async ({ page }) => {
  await signIn(page, 'free');
  await page.getByRole('button', { name: /^Upload:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
  await expect(dialog).toContainText('Smart upload');

  // With nothing selected the button explains itself (it is aria-disabled, so it still takes focus and Enter).
  await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).press('Enter');
  await expect(
    dialog.getByText('No Files Selected: Please select photos or videos to upload before proceeding.'),
  ).toBeVisible();

  // With nothing that has GPS there is nothing to place: the upload says so, and the photo waits in the
  // Unplaced tray (docs/decisions/089).
  await fileInput(dialog).setInputFiles([fixture('photos/no-gps/jolla.jpg')]);
  await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please wait for location detection to complete, or select photos with GPS data.',
  );
  await expect(dialog.getByRole('list', { name: 'Unplaced files' }).getByRole('listitem')).toHaveText([
    /jolla\.jpg/,
  ]);
  await dialog.getByRole('button', { name: 'Leave out jolla.jpg' }).click();
  await expect(dialog.getByRole('list', { name: 'Unplaced files' })).toHaveCount(0);

  await fileInput(dialog).setInputFiles([
    fixture('photos/gps/iphone6_madrid.jpg'),
    fixture('photos/gps/nokia_helsinki.jpg'),
  ]);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).click();
  // The dialog sums the upload up rather than opening one of its places.
  await expect(dialog.getByRole('heading', { name: '2 photos in 2 places, 2 countries' })).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
  await expectStat(page, 'Places', '2');
  await expectStat(page, 'Media', '2');
  await expect(page.getByText('2 / 195 countries', { exact: true })).toBeVisible();
});

test('the viewer pages with the arrow keys, and deleting asks first and takes the item away', async ({
  page,
}) => {
  await signIn(page, 'free');
  const dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');
  await fileInput(dialog).setInputFiles(AREZZO_PHOTOS.slice(0, 2));
  await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
  const grid = dialog.getByRole('list', { name: /^Photos & videos/ });
  await expect(grid.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });

  await grid.getByRole('button').first().click();
  const viewer = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close viewer' }) });
  await expect(viewer).toContainText('1 of 2');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('2 of 2');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('1 of 2');

  await viewer.getByRole('button', { name: 'Delete' }).click();
  await expect(viewer).toContainText('Delete this photo?');
  await viewer.getByRole('button', { name: 'Cancel' }).click();
  await viewer.getByRole('button', { name: 'Delete' }).click();
  await viewer.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(viewer).toBeHidden();
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('tab', { name: 'View Media (1)' })).toBeVisible();
});

test('downloads need the Adventurer plan: locked on free, one ZIP for Download All on basic', async ({
  page,
  browser,
}) => {
  await signIn(page, 'basic');
  const dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');
  await fileInput(dialog).setInputFiles(AREZZO_PHOTOS.slice(0, 2));
  await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(dialog.getByRole('tab', { name: 'View Media (2)' })).toBeVisible({ timeout: 30_000 });

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download All' }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('Arezzo.zip');
  const bytes = readFileSync(await zip.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(readFileSync(AREZZO_PHOTOS[0]!))).toBe(true);

  const freePage = await browser.newPage();
  await signIn(freePage, 'free');
  const freeDialog = await openSearchResult(freePage, 'Arezzo', /^Arezzo/, 'Arezzo');
  await fileInput(freeDialog).setInputFiles(AREZZO_PHOTOS.slice(0, 1));
  await freeDialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(freeDialog.getByRole('tab', { name: 'View Media (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(freeDialog).toContainText(
    'Downloading photos and videos needs the Adventurer plan or higher.',
  );
  await expect(freeDialog.getByRole('button', { name: 'Download All' })).toBeDisabled();
  await freePage.close();
});

test('an empty file and a file that is not a photo are each said once, by name; the refused one stays selected, and leaves no empty place behind', async ({
  page,
}) => {
  await signIn(page, 'free');
  const dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');
  await fileInput(dialog).setInputFiles([fixture('hostile/html-named.jpg'), fixture('hostile/empty.jpg')]);
  // The browser sees the empty file is empty: it is not added, and the server is never asked about it.
  await expect(dialog.getByText(EMPTY_REFUSAL, { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveText([
    /html-named\.jpg/,
  ]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  // The server read the bytes: said in a traveller's words, naming the file, with no MIME type in sight.
  await expect(dialog.getByRole('alert')).toHaveText(HTML_REFUSAL, { timeout: 30_000 });
  await expect(dialog.getByText(HTML_REFUSAL, { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('list', { name: 'Upload results' })).toHaveCount(0);
  await expect(dialog).not.toContainText('image/jpeg');
  await expect(dialog).not.toContainText('expected');
  await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1);
  // Nothing went up, so the pin the upload made for the place was removed again.
  await expect(dialog).toContainText('New location');

  // Dropping files takes only photos and videos.
  await dialog.locator('[data-dropzone]').evaluate((zone) => {
    const data = new DataTransfer();
    data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    data.items.add(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tiny.jpg', { type: 'image/jpeg' }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(
    dialog.getByText('notes.txt is not a photo or video that can be uploaded.', { exact: true }),
  ).toHaveCount(1);
  await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remove tiny.jpg' }).click();

  // One good photo and one refused: the place becomes a pin with the good one, and the dialog stays on
  // the upload tab with the refused file still selected and each file's outcome listed.
  await fileInput(dialog).setInputFiles([fixture('photos/no-gps/canon_40d.jpg')]);
  await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(dialog).toContainText('Saved • 1 media', { timeout: 30_000 });
  await expect(dialog.getByRole('tab', { name: 'Upload Photos & Videos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveText([
    /html-named\.jpg/,
  ]);
  await expect(dialog.getByRole('alert')).toHaveText('1 of 2 files could not be uploaded.');
  await expect(dialog.getByRole('list', { name: 'Upload results' }).getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByText(HTML_REFUSAL, { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Save to my map' })).toHaveCount(0);

  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations).toEqual([]);

  // One place on the map: the empty pin of the first attempt is gone.
  await page.keyboard.press('Escape');
  await expectStat(page, 'Places', '1');
  await expectStat(page, 'Media', '1');
});

test('a photo whose pixels cannot be read is refused after its upload, says why, and can be removed', async ({
  page,
}) => {
  await signIn(page, 'free');
  const dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');
  // Its EXIF reads, so the browser and the upload take it; only making its thumbnail finds the damage.
  await fileInput(dialog).setInputFiles([fixture('hostile/corrupted_data.jpg')]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(dialog.getByRole('tab', { name: /^View Media/ })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });

  // It may show as being prepared first; the polled gallery then shows it refused, with the reason.
  const refused = dialog.getByRole('list', { name: 'Files that could not be kept' }).getByRole('listitem');
  const remove = refused.getByRole('button', { name: 'Remove corrupted_data.jpg' });
  await expect(remove).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('corrupted_data.jpg');
  await expect(remove).toHaveAccessibleDescription(/\S/);
  // Refused, it is nobody's media: not in the grid, not counted, and the upload result says so too.
  await expect(dialog.getByRole('list', { name: /^Photos & videos/ })).toHaveCount(0);
  await expect(dialog.getByText('No photos or videos yet')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'View Media (0)' })).toBeVisible();
  // Why is said once, beside Remove; the upload's results only mark it.
  await expect(dialog.getByText(CORRUPTED_REFUSAL, { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('list', { name: 'Upload results' }).getByRole('listitem')).toHaveText(
    /^corrupted_data\.jpgNot kept$/,
  );

  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations).toEqual([]);

  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(refused).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Files that could not be kept' })).toHaveCount(0);
  await expect(dialog.getByText('No photos or videos yet')).toBeVisible();

  await page.keyboard.press('Escape');
  await expectStat(page, 'Media', '0');
});

// At desktop size alone: the count and names come from the files' GPS, the same on any screen; the quick
// upload on a phone is the phone's own journey below.
test('the auto-detected information counts every place the files were taken in and names the first three', async ({
  page,
}) => {
  await signIn(page, 'free');
  await page.getByRole('button', { name: /^Upload:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
  // Arezzo, Madrid, the Sierra de Guadarrama, Helsinki and Kansas City: five places, far apart.
  await fileInput(dialog).setInputFiles(
    [
      'DSCN0010.jpg',
      'iphone6_madrid.jpg',
      'nokia_spain.heif',
      'nokia_helsinki.jpg',
      'iphone11_kansas_city.heic',
    ].map((name) => fixture(`photos/gps/${name}`)),
  );
  const detected = dialog.locator('section', { hasText: 'Auto-detected information' });
  await expect(detected).toContainText('5 photos, 5 with GPS', { timeout: 30_000 });
  await expect(detected).toContainText(/5 locations: [^,]+, [^,]+, [^,]+ and 2 more/);
});

test(
  'a quick upload from several places ends with a summary, and Show on map closes it onto their pins',
  { tag: '@phone' },
  async ({ page }) => {
    await signIn(page, 'free');
    await page.getByRole('button', { name: /^Upload:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
    await fileInput(dialog).setInputFiles([
      ...AREZZO_PHOTOS.slice(0, 2),
      // Its GPS puts it in Arezzo too; its pixels cannot be read, which only shows after its upload.
      fixture('hostile/truncated.jpg'),
      fixture('photos/gps/iphone6_madrid.jpg'),
      fixture('photos/gps/nokia_helsinki.jpg'),
      fixture('video/paris_apple_keys.mov'),
      fixture('hostile/empty.jpg'),
    ]);
    await expect(dialog.getByText(EMPTY_REFUSAL, { exact: true })).toHaveCount(1);
    await expect(dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(6);

    await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).click();
    // The summary counts what was kept: truncated.jpg leaves the count once the server has read it.
    await expect(
      dialog.getByRole('heading', { name: '4 photos and 1 video in 4 places, 4 countries' }),
    ).toBeFocused({ timeout: 45_000 });
    await expect(dialog.getByRole('list', { name: 'Places' }).getByRole('listitem')).toHaveText([
      /, Italy2 photos$/,
      /, Spain1 photo$/,
      /, Finland1 photo$/,
      /, France1 video$/,
    ]);
    await expect(
      dialog.getByRole('list', { name: 'Not added to your map' }).getByRole('listitem'),
    ).toHaveText([TRUNCATED_REFUSAL]);
    await expect(dialog.getByText(TRUNCATED_REFUSAL, { exact: true })).toHaveCount(1);

    await dialog.getByRole('button', { name: 'Show on map' }).click();
    await expect(dialog).toBeHidden();
    // The map fits the four new places: each pin is on screen.
    for (const country of ['Italy', 'Spain', 'Finland', 'France']) {
      await expect(page.getByRole('button', { name: new RegExp(`, ${country}$`) })).toBeInViewport();
    }
    await expectStat(page, 'Places', '4');
    await expectStat(page, 'Media', '5');
  },
);

test(
  'on a phone: quick upload by touch and a swipe in the viewer',
  { tag: '@phone-only' },
  async ({ page }) => {
    await signIn(page, 'free');
    await page.getByRole('button', { name: /^Upload:/ }).tap();
    const dialog = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
    await fileInput(dialog).setInputFiles(AREZZO_PHOTOS.slice(0, 2));
    await dialog.getByRole('button', { name: 'Upload & Auto-Detect' }).tap();
    await expect(dialog.getByRole('heading', { name: '2 photos in 1 place, 1 country' })).toBeVisible({
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'Show on map' }).tap();
    await expect(dialog).toBeHidden();
    // The map has flown to the new pin: a tap on it opens its place.
    await page.getByRole('button', { name: 'Arezzo, Italy' }).tap();
    const pinDialog = page.getByRole('dialog', { name: 'Arezzo' });
    const grid = pinDialog.getByRole('list', { name: /^Photos & videos/ });
    await expect(grid.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    // The swipe below is made over the photo, which shows once its preview is made.
    await expect(grid.locator('img')).toHaveCount(2, { timeout: 30_000 });
    await grid.getByRole('button').first().tap();
    const viewer = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: 'Close viewer' }) });
    await expect(viewer).toContainText('1 of 2');
    // A finger swiping from right to left over the photo.
    const photo = viewer.locator('img:visible').last();
    const box = await photo.boundingBox();
    if (!box) throw new Error('the photo has no size');
    const y = box.y + box.height / 2;
    const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, clientY: y };
    await photo.dispatchEvent('pointerdown', { ...touch, clientX: box.x + box.width * 0.8 });
    await photo.dispatchEvent('pointerup', { ...touch, clientX: box.x + box.width * 0.2 });
    await expect(viewer).toContainText('2 of 2');
    await viewer.getByRole('button', { name: 'Close viewer' }).tap();
    await expect(viewer).toBeHidden();
    const viewport = page.viewportSize();
    const sheet = await pinDialog.boundingBox();
    expect(sheet && viewport && sheet.x + sheet.width).toBeLessThanOrEqual(viewport?.width ?? 0);
  },
);

test.describe('in a British English browser', () => {
  test.use({ locale: 'en-GB' });

  test(
    'the gallery lists photos in the order taken, marks the one without a date, and a caption written in the viewer stays after a reload',
    { tag: '@phone' },
    async ({ page }) => {
      await signIn(page, 'free');
      let dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');
      // Jolla's photo alone first, then the Canon's with one that has no date: neither the order taken
      // nor its reverse.
      await fileInput(dialog).setInputFiles([fixture('photos/no-gps/jolla.jpg')]);
      await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
      await expect(dialog.getByRole('tab', { name: 'View Media (1)' })).toHaveAttribute(
        'aria-selected',
        'true',
        {
          timeout: 30_000,
        },
      );
      await dialog.getByRole('tab', { name: 'Upload Photos & Videos' }).click();
      await fileInput(dialog).setInputFiles([
        fixture('photos/no-gps/orientation_6.jpg'),
        fixture('photos/no-gps/canon_40d.jpg'),
      ]);
      await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
      await expect(dialog.getByRole('tab', { name: 'View Media (3)' })).toHaveAttribute(
        'aria-selected',
        'true',
        {
          timeout: 30_000,
        },
      );

      // The fixtures' manifest: the Canon EOS 40D took its photo on 30 May 2008 at 15:56, the Jolla phone
      // on 21 September 2014 at 16:00; orientation_6.jpg carries no date, so its upload day stands in.
      const grid = dialog.getByRole('list', { name: /^Photos & videos/ });
      await expect(grid.getByRole('listitem')).toHaveText([
        /30 May 2008, 15:56$/,
        /21 Sept? 2014, 16:00$/,
        /Uploaded \d{1,2} \w+ \d{4}$/,
      ]);
      await expect(
        grid.getByRole('button', { name: /^orientation_6\.jpg, photo, .*, uploaded \d/ }),
      ).toBeVisible();
      await expect(
        grid.getByRole('button', { name: /^canon_40d\.jpg, photo, .*, taken 30 May 2008/ }),
      ).toBeVisible();
      await expect(grid.locator('img')).toHaveCount(3, { timeout: 30_000 });
      await grid.scrollIntoViewIfNeeded();
      await screenshot(page, 'gallery', 'by-date-taken', { fullPage: false });

      await grid.getByRole('button', { name: /^canon_40d\.jpg,/ }).click();
      const viewer = page.getByRole('dialog', { name: 'canon_40d.jpg' });
      await expect(viewer).toContainText('1 of 3');
      await expect(viewer.getByText('Taken 30 May 2008, 15:56')).toBeVisible();
      await viewer.getByRole('button', { name: 'Add a caption' }).click();
      const caption = viewer.getByRole('textbox', { name: 'Caption' });
      await expect(caption).toBeFocused();
      await caption.fill('  Market day in the Piazza Grande  ');
      await screenshot(page, 'gallery', 'caption-editing', { fullPage: false });
      const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(axe.violations).toEqual([]);
      await viewer.getByRole('button', { name: 'Save' }).click();
      await expect(viewer.getByText('Caption saved.')).toBeVisible();
      await expect(viewer.getByText('Market day in the Piazza Grande', { exact: true })).toBeVisible();
      await expect(viewer.getByRole('button', { name: 'Edit caption' })).toBeFocused();
      await screenshot(page, 'gallery', 'caption-saved', { fullPage: false });

      // The last one has no date: its upload time, marked.
      await viewer.getByRole('button', { name: 'Previous' }).click();
      const undated = page.getByRole('dialog', { name: 'orientation_6.jpg' });
      await expect(undated.getByText(/^Uploaded \d{1,2} \w+ \d{4}, \d{1,2}:\d{2}/)).toHaveText(
        /\(no date in the file\)$/,
      );
      await screenshot(page, 'gallery', 'viewer-undated', { fullPage: false });
      await undated.getByRole('button', { name: 'Close viewer' }).click();
      await expect(grid.getByRole('img', { name: 'Market day in the Piazza Grande' })).toBeVisible();
      await screenshot(page, 'gallery', 'tile-caption', { fullPage: false });

      await page.reload();
      await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Arezzo, Italy' }).click();
      dialog = page.getByRole('dialog', { name: 'Arezzo' });
      const reloaded = dialog.getByRole('list', { name: /^Photos & videos/ });
      await expect(reloaded.getByRole('img', { name: 'Market day in the Piazza Grande' })).toBeVisible({
        timeout: 30_000,
      });
      await reloaded.getByRole('button', { name: /^canon_40d\.jpg,/ }).click();
      await expect(
        page
          .getByRole('dialog', { name: 'canon_40d.jpg' })
          .getByText('Market day in the Piazza Grande', { exact: true }),
      ).toBeVisible();
    },
  );
});

// At desktop size alone: which files are sent and which are skipped is decided by their hashes, the same on
// any screen; the phone's quick upload is its own journey above.
test('the same photo twice is kept once: skipped as already in its place, on a place and in a quick upload alike', async ({
  page,
}) => {
  await signIn(page, 'free');
  const arezzoPhoto = readFileSync(fixture('photos/gps/DSCN0010.jpg'));
  const madridPhoto = readFileSync(fixture('photos/gps/iphone6_madrid.jpg'));
  const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
  // The files whose bytes were sent: a file the browser knows by its hash to be kept already is not.
  const sent: string[] = [];
  page.on('request', (request) => {
    const upload = request.method() === 'PUT' && request.url().includes('/api/storage/upload/');
    if (upload) sent.push(request.url());
  });

  const dialog = await openSearchResult(page, 'Arezzo', /^Arezzo/, 'Arezzo');
  await fileInput(dialog).setInputFiles([jpeg('DSCN0010.jpg', arezzoPhoto)]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  const viewTab = dialog.getByRole('tab', { name: 'View Media (1)' });
  await expect(viewTab).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });

  // The same bytes under another name: skipped where they are, not sent, no error.
  await dialog.getByRole('tab', { name: 'Upload Photos & Videos' }).click();
  await fileInput(dialog).setInputFiles([jpeg('IMG_1.jpg', arezzoPhoto)]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(dialog.getByRole('list', { name: 'Upload results' }).getByRole('listitem')).toHaveText([
    'IMG_1.jpg: Already in Arezzo',
  ]);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Selected files' })).toHaveCount(0);
  await expect(viewTab).toBeVisible();
  expect(sent).toHaveLength(1);
  await screenshot(page, 'media', 'same-photo-on-a-place', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A quick upload of it again, with a new photo chosen twice under two names.
  await page.getByRole('button', { name: /^Upload:/ }).click();
  const quick = page.getByRole('dialog', { name: 'Upload & Auto-Detect' });
  await fileInput(quick).setInputFiles([
    jpeg('DSCN0010.jpg', arezzoPhoto),
    jpeg('iphone6_madrid.jpg', madridPhoto),
    jpeg('IMG_2.jpg', madridPhoto),
  ]);
  await quick.getByRole('button', { name: 'Upload & Auto-Detect' }).click();
  await expect(quick.getByRole('heading', { name: '1 photo in 1 place, 1 country' })).toBeFocused({
    timeout: 45_000,
  });
  const madrid = quick.getByRole('list', { name: 'Places' }).getByRole('listitem');
  await expect(madrid).toHaveText([/, Spain1 photo$/]);
  const madridTitle = (await madrid.textContent())!.replace(/, Spain1 photo$/, '');
  await expect(quick.getByRole('list', { name: 'Skipped' }).getByRole('listitem')).toHaveText([
    'DSCN0010.jpg: Already in Arezzo',
    `IMG_2.jpg: Already in ${madridTitle}`,
  ]);
  await expect(quick.getByRole('list', { name: 'Not added to your map' })).toHaveCount(0);
  expect(sent).toHaveLength(2);
  await screenshot(page, 'media', 'same-photo-quick-upload', { fullPage: false });

  await quick.getByRole('button', { name: 'Show on map' }).click();
  await expect(quick).toBeHidden();
});
