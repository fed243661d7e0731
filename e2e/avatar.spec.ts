// The avatar in a real browser against the real server: a traveller on a paid plan opens the dialog from
// the profile, builds an avatar in the 3D creator from the parts their travels unlocked (a flag of a
// visited country among them), saves it, sees its render as their picture, and downloads it as a binary
// glTF file; on the free plan the creator stays shut and Upgrade leads to the plans. Set WAYMARKS_SHOTS_DIR
// to keep screenshots.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { createPins } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++sequence}@example.com`;

/** A new account on `tier` with a pin in Lisbon (Portugal's flag unlocks), signed in in the page's browser. */
async function traveller(page: Page, tier: 'free' | 'standard'): Promise<void> {
  const email = uniqueEmail('avatar');
  await createAccount({ email, password: PASSWORD, name: 'Ibn Battuta', tier });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), [
    { title: 'Lisbon', lat: 38.7223, lng: -9.1393, visitDate: '2024-05-02' },
  ]);
}

const dialog = (page: Page) => page.getByRole('dialog');
/** The 3D view once its first frame is drawn. */
const drawnAvatar = (page: Page, name: string) =>
  dialog(page).locator('[data-avatar-ready="true"]').and(page.getByRole('img', { name }));

test(
  'a traveller on a paid plan builds an avatar from unlocked parts, saves it and downloads it as GLB',
  { tag: '@phone' },
  async ({ page }) => {
    await traveller(page, 'standard');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Avatar' });
    // No avatar yet: the account's first letter stands in.
    await expect(card.locator('[data-avatar-image="initial"]')).toHaveText('I');

    await card.getByRole('button', { name: 'Customize Avatar' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Your Avatar' })).toBeVisible();
    await expect(dialog(page).getByText('No avatar yet')).toBeVisible();
    await expect(dialog(page).getByText('Customization level: Full')).toBeVisible();
    // The visit to Portugal unlocked its flag: told once, on the first look.
    await expect(dialog(page).getByRole('status').filter({ hasText: 'Newly unlocked:' })).toContainText(
      'Flag of Portugal',
    );
    await screenshot(page, 'avatar', 'overview-empty', { fullPage: false });

    await dialog(page).getByRole('button', { name: 'Create Avatar' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Customize Avatar' })).toBeVisible();
    await expect(drawnAvatar(page, 'Your avatar, as chosen')).toBeVisible();

    // Build: the starting outfit is chosen; a locked part says what unlocks it and cannot be taken.
    const parts = dialog(page).getByRole('tabpanel');
    await expect(parts.getByRole('button', { name: /^Slim/ })).toHaveAttribute('aria-pressed', 'true');
    await dialog(page).getByRole('tab', { name: 'Top' }).click();
    const coat = parts.getByRole('button', { name: /Explorer coat/ });
    await expect(coat).toBeDisabled();
    await expect(coat).toContainText('Visit 25 countries');
    await parts.getByRole('button', { name: /^Hoodie/ }).click();
    await expect(parts.getByRole('button', { name: /^Hoodie/ })).toHaveAttribute('aria-pressed', 'true');

    // The keyboard moves between categories; the flag of the visited country is there to take.
    await dialog(page).getByRole('tab', { name: 'Top' }).focus();
    await page.keyboard.press('End');
    await expect(dialog(page).getByRole('tab', { name: 'Flag' })).toHaveAttribute('aria-selected', 'true');
    await parts.getByRole('button', { name: /Flag of Portugal/ }).click();
    await expect(parts.getByText('194 more flags unlock as you visit their countries.')).toBeVisible();

    // The view turns and zooms by its buttons.
    await dialog(page).getByRole('button', { name: 'Rotate right' }).click();
    await dialog(page).getByRole('button', { name: 'Zoom in' }).click();
    await screenshot(page, 'avatar', 'creator', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    const savedImage = page.waitForResponse(
      (response) => response.url().endsWith('/api/avatar/image') && response.request().method() === 'PUT',
    );
    await dialog(page).getByRole('button', { name: 'Save Avatar' }).click();
    expect((await savedImage).status()).toBe(200);
    // Saving closes the dialog, and the profile shows the saved figure in the small 3D viewer.
    await expect(dialog(page)).toBeHidden();
    await expect(card.locator('[data-avatar-ready="true"]')).toHaveAccessibleName('Your avatar');
    expect(await card.locator('canvas').boundingBox()).toMatchObject({ width: 160, height: 200 });
    await screenshot(page, 'profile', 'avatar-saved', { fullPage: false });

    // A reload shows the saved parts again.
    await page.reload();
    await page
      .getByRole('region', { name: 'Avatar' })
      .getByRole('button', { name: 'Customize Avatar' })
      .click();
    await expect(drawnAvatar(page, 'Your avatar')).toBeVisible();
    await expect(dialog(page).getByText('Newly unlocked:')).toHaveCount(0);
    await screenshot(page, 'avatar', 'overview', { fullPage: false });
    await dialog(page).getByRole('button', { name: 'Full screen' }).click();
    await expect(drawnAvatar(page, 'Your avatar')).toBeVisible();
    const whole = await dialog(page).locator('[data-avatar-ready="true"] canvas').boundingBox();
    expect(whole?.width).toBeGreaterThan((page.viewportSize()?.width ?? 0) - 40);
    await dialog(page).getByRole('button', { name: 'Exit full screen' }).click();
    await dialog(page).getByRole('button', { name: 'Customize Avatar' }).click();
    await dialog(page).getByRole('tab', { name: 'Top' }).click();
    await expect(
      dialog(page)
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Hoodie/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    await dialog(page).getByRole('button', { name: 'Back to overview' }).click();

    const download = page.waitForEvent('download');
    await dialog(page).getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^avatar-\d{13}\.glb$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const glb = await readFile(path);
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.length);

    // The dashboard header shows the portrait rendered on saving.
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    // The one on screen: the profile link's on a desktop, the account menu's on a phone.
    const portrait = page.locator('header img[data-avatar-image="avatar"]:visible');
    await expect
      .poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  },
);

test(
  'on the free plan the creator stays shut, says why, and Upgrade leads to the plans',
  { tag: '@phone' },
  async ({ page }) => {
    await traveller(page, 'free');
    await page.goto('/profile');
    await page
      .getByRole('region', { name: 'Avatar' })
      .getByRole('button', { name: 'Customize Avatar' })
      .click();

    const create = dialog(page).getByRole('button', { name: 'Create Avatar' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription('Upgrade to any paid plan to create avatars');
    await expect(dialog(page).getByText('Countries')).toBeVisible();
    await screenshot(page, 'avatar', 'overview-free', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    await dialog(page).getByRole('button', { name: 'Upgrade' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/profile#profile$/);
  },
);

test('the dashboard opens the avatar dialog from its header', { tag: '@phone' }, async ({ page }) => {
  await traveller(page, 'standard');
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page.locator('header [data-avatar-image="initial"]:visible')).toHaveText('I');
  // The 3D code is not part of the dashboard's load (its own code is, which shows the scripts are seen).
  expect(scripts.some((script) => script.includes('/dashboard-'))).toBe(true);
  expect(scripts.filter((script) => script.includes('AvatarViewer3D'))).toEqual([]);
  await screenshot(page, 'dashboard', 'header-avatar', { fullPage: false });
  await expectNoSidewaysScroll(page);
  // A button of its own on a desktop; on a phone, in the profile picture's menu (decision 088).
  const avatarButton = page.getByRole('button', { name: 'Avatar', exact: true });
  if (await avatarButton.isVisible()) {
    await avatarButton.click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Avatar' }).click();
  }
  await expect(dialog(page).getByRole('heading', { name: 'Your Avatar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

test('without WebGL the creator shows the flat preview and says why', async ({ page }) => {
  // As in a browser with WebGL turned off: every WebGL context is refused.
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      if (type.startsWith('webgl')) return null;
      return (getContext as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    } as typeof getContext;
  });
  await traveller(page, 'standard');
  await page.goto('/profile');
  await page
    .getByRole('region', { name: 'Avatar' })
    .getByRole('button', { name: 'Customize Avatar' })
    .click();
  await dialog(page).getByRole('button', { name: 'Create Avatar' }).click();

  await expect(dialog(page).getByText('Failed to load 3D avatar')).toBeVisible();
  await expect(dialog(page).getByText('Try refreshing or use 2D preview')).toBeVisible();
  await expect(dialog(page).locator('svg[role="img"]')).toHaveAccessibleName('Your avatar, as chosen');
  await expect(dialog(page).locator('canvas')).toHaveCount(0);
  // The parts still change what is drawn, and the avatar can be saved.
  await dialog(page).getByRole('tab', { name: 'Top' }).click();
  await dialog(page)
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Hoodie/ })
    .click();
  await screenshot(page, 'avatar', 'creator-2d', { fullPage: false });

  // Saved without a render: the parts are kept, and the profile draws them flat too.
  await dialog(page).getByRole('button', { name: 'Save Avatar' }).click();
  await expect(dialog(page)).toBeHidden();
  const card = page.getByRole('region', { name: 'Avatar' });
  await expect(card.locator('svg[role="img"]')).toHaveAccessibleName('Your avatar');
  await card.getByRole('button', { name: 'Customize Avatar' }).click();
  await expect(dialog(page).locator('svg[role="img"]')).toHaveAccessibleName('Your avatar');
  await expect(dialog(page).getByRole('button', { name: 'Customize Avatar' })).toBeVisible();
});
