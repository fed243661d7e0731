// The travel page to share (issue 27) in a real browser against the real server: the header's Share leads
// to the profile while the page is off; the traveller turns it on, copies its link, and a signed-out
// visitor opens it and sees their name and countries; a place's photos are shared from its dialog and the
// visitor sees them; a new link ends the old one at once; turning the page off ends the new one too.
// Run at both sizes (@phone). Set WAYMARKS_SHOTS_DIR to keep screenshots.
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { createPins } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
const NAME = 'Freya Stark';
let sequence = 0;
const PHOTO = path.join(path.resolve('../shared/fixtures/media'), 'photos/no-gps/jolla.jpg');
const PAGE_LINK = /^https?:\/\/[^/]+\/t\/[A-Za-z0-9_-]{22}$/;

/** A new traveller with places in two countries, signed in; answers their token. */
async function traveller(page: Page): Promise<string> {
  const email = `share-${test.info().workerIndex}-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: NAME, tier: 'basic' });
  const token = await signInThroughApi(page, email, PASSWORD);
  await createPins(page.request, token, [
    { title: 'Lisbon', lat: 38.7223, lng: -9.1393 },
    { title: 'Seville', lat: 37.3891, lng: -5.9845 },
    { title: 'Paris', lat: 48.8566, lng: 2.3522 },
  ]);
  return token;
}

/** What a signed-out visitor sees at `link`, in a browser of their own. */
async function visit(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const answer = await page.goto(link);
  return { context, page, status: answer?.status() };
}

const shareSection = (page: Page) => page.getByRole('region', { name: 'Share your travels' });
const linkField = (page: Page) =>
  shareSection(page).getByRole('textbox', { name: 'Link to your travel page' });

test(
  'a traveller turns on their travel page, shares its link and a place’s photos, gets a new link and turns it off',
  { tag: '@phone' },
  async ({ page, browser, context }) => {
    await traveller(page);
    await page.goto('/dashboard');
    await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });

    // Off: the header's Share leads to the profile's section, which says what the page is.
    await page.getByRole('banner').getByRole('button', { name: 'Share' }).click();
    await expect(page).toHaveURL(/\/profile#share$/);
    const section = shareSection(page);
    await expect(section).toBeFocused();
    await expect(section).toContainText('It stays private until you turn it on');
    await expect(section).toContainText('Your e-mail address is never shown.');
    await expectNoSidewaysScroll(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'share', 'profile-off', { fullPage: false });

    // On: the full link, copied.
    await section.getByRole('button', { name: 'Turn on my travel page' }).click();
    await expect(linkField(page)).toHaveValue(PAGE_LINK);
    const firstLink = await linkField(page).inputValue();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await section.getByRole('button', { name: 'Copy link' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstLink);
    await expect(
      section.getByRole('checkbox', { name: 'Let search engines list my page' }),
    ).not.toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Timeline by year' })).toBeChecked();
    await expect(section.getByRole('list', { name: 'Your countries' }).getByRole('checkbox')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await linkField(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'share', 'profile-on', { fullPage: false });
    await screenshot(page, 'share', 'profile-on-whole');

    // A signed-out visitor opens it: the traveller's name and three countries.
    const visitor = await visit(browser, firstLink);
    expect(visitor.status).toBe(200);
    await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(`${NAME}'s travels`);
    await expect(visitor.page.locator('.figure')).toContainText('3');
    await expect(visitor.page.locator('.figure')).toContainText('195 countries');

    // A place's photos shared from its dialog, after one photo is added to it.
    await page.goto('/dashboard');
    await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Lisbon, Portugal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lisbon' });
    await dialog.locator('input[type="file"]').setInputFiles([PHOTO]);
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(dialog.getByRole('tab', { name: 'View Media (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
      {
        timeout: 30_000,
      },
    );
    const photos = dialog.getByRole('switch', { name: 'Show this place’s photos on my travel page' });
    const hidden = dialog.getByRole('switch', { name: 'Leave this place off my travel page' });
    await expect(photos).toHaveAttribute('aria-checked', 'false');
    await expect(hidden).toHaveAttribute('aria-checked', 'false');
    await photos.click();
    await expect(photos).toHaveAttribute('aria-checked', 'true');
    await photos.scrollIntoViewIfNeeded();
    await screenshot(page, 'share', 'place-dialog-switches', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    // The visitor sees the photo once its thumbnail is made.
    await expect
      .poll(
        async () => {
          await visitor.page.reload();
          return visitor.page.getByRole('img', { name: 'Photo at Lisbon' }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await screenshot(visitor.page, 'share', 'travel-page');
    expect(await axeViolations(visitor.page)).toEqual([]);
    await expectNoSidewaysScroll(visitor.page);
    // Opened again, the dialog remembers.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lisbon, Portugal' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Lisbon' })
        .getByRole('switch', { name: 'Show this place’s photos on my travel page' }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // A new link: the old one is a page no more, at once.
    await page.goto('/profile');
    await shareSection(page).getByRole('button', { name: 'Get a new link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Get a new link?' });
    await expect(confirm).toContainText('The old link stops working at once');
    await confirm.getByRole('button', { name: 'Get a new link' }).click();
    await expect(confirm).toBeHidden();
    await expect(linkField(page)).not.toHaveValue(firstLink);
    await expect(linkField(page)).toHaveValue(PAGE_LINK);
    const secondLink = await linkField(page).inputValue();
    expect((await visitor.page.goto(firstLink))?.status()).toBe(404);
    await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText('Travel page not found');
    expect((await visitor.page.goto(secondLink))?.status()).toBe(200);
    await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(`${NAME}'s travels`);

    // Off: the page is gone, and the section offers to turn it on again.
    await shareSection(page).getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off your travel page?' });
    await off.getByRole('button', { name: 'Turn off my page' }).click();
    await expect(shareSection(page).getByRole('button', { name: 'Turn on my travel page' })).toBeVisible();
    expect((await visitor.page.goto(secondLink))?.status()).toBe(404);
    await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText('Travel page not found');
    await visitor.context.close();
  },
);

/** A traveller whose travel page is on, on the dashboard: the page's address. */
async function sharingOnDashboard(page: Page, context: BrowserContext): Promise<string> {
  const token = await traveller(page);
  const on = await page.request.put('/api/share', {
    data: { enabled: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(on.status()).toBe(200);
  const { url } = (await on.json()) as { url: string };
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  return new URL(url, page.url()).href;
}

test('without a share sheet, the header’s Share downloads the picture and copies the link', async ({
  page,
  context,
}) => {
  // As on a desktop browser that cannot share files (Chromium on Linux has no share sheet at all).
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
    Reflect.deleteProperty(Navigator.prototype, 'canShare');
  });
  const link = await sharingOnDashboard(page, context);
  const download = page.waitForEvent('download');
  await page.getByRole('banner').getByRole('button', { name: 'Share' }).click();
  expect((await download).suggestedFilename()).toBe('my-travels.png');
  await expect(
    page.getByRole('banner').getByText('Your picture was downloaded and the link to your page copied.'),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test('with a share sheet, the header’s Share hands it the picture and the link', async ({
  page,
  context,
}) => {
  // A phone's share sheet, which headless Chromium lacks: what the page hands it is recorded.
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { sharedWithSheet: shared });
    Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        const files = data.files ?? [];
        shared.push({
          url: data.url,
          files: files.map((file) => ({ name: file.name, type: file.type, size: file.size })),
        });
      },
    });
  });
  const link = await sharingOnDashboard(page, context);
  await page.getByRole('banner').getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedWithSheet: unknown[] }).sharedWithSheet))
    .toEqual([
      { url: link, files: [{ name: 'my-travels.png', type: 'image/png', size: expect.any(Number) }] },
    ]);
  const [shared] = await page.evaluate(
    () => (window as unknown as { sharedWithSheet: { files: { size: number }[] }[] }).sharedWithSheet,
  );
  expect(shared!.files[0]!.size).toBeGreaterThan(10_000);
});
