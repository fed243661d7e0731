// The public site in a real browser against the real server: the landing page's links, anchors and phone
// menu, a content report that reaches the support inbox, and the feedback page's mail link and copy button.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { waitForMail } from './support/harness.js';
import { screenshot, waitForAdoption } from './support/page-checks.js';

// SUPPORT_EMAIL is not set by e2e/global-setup.ts, so the default address applies.
const SUPPORT = 'support@waymarks.app';

const hrefsOf = (page: Page, name: string) =>
  page
    .getByRole('link', { name, exact: true })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

test('the landing page sends every get-started button to /signup and every sign-in button to /signin', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Waymarks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Map Your Adventures');
  const stats = page.getByRole('region', { name: 'Sample travel stats' });
  for (const figure of ['47', '156', '2.1M'])
    await expect(stats.getByText(figure, { exact: true })).toBeVisible();

  for (const name of ['Get Started', 'Start Your Journey', 'Get Started Free', 'Start Free Trial']) {
    const hrefs = await hrefsOf(page, name);
    expect(hrefs.length, name).toBeGreaterThan(0);
    expect(new Set(hrefs), name).toEqual(new Set(['/signup']));
  }
  expect(await hrefsOf(page, 'Start Free Trial')).toHaveLength(4);
  expect(new Set(await hrefsOf(page, 'Sign In'))).toEqual(new Set(['/signin']));

  await page.getByRole('link', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goBack();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goBack();
  await page.locator('#pricing').getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the top-bar anchors scroll to Features, Pricing and Reviews', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, id] of [
    ['Pricing', 'pricing'],
    ['Reviews', 'testimonials'],
    ['Features', 'features'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
    // The sticky top bar does not cover the section's heading.
    const heading = page.locator(`#${id} h2`).first();
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(64);
  }
});

test(
  'on a phone the top bar folds into a menu that opens, closes and navigates',
  { tag: '@phone' },
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeHidden();

    await menuButton.click();
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
    const box = await menu.getByRole('link', { name: 'Pricing' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Keyboard only: open, tab into the links, follow one.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Reviews' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#testimonials$/);
    await expect(page.locator('#testimonials')).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  },
);

test(
  'a content report reaches the support address and shows its report ID',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/illegal-content');
    await expect(page).toHaveTitle('Report Content · Waymarks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report Content');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    // Nothing filled in: every required field says so and nothing is sent.
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('Please select a content type')).toBeVisible();
    await expect(page.getByText('Content location is required')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();
    await expect(page.getByLabel('Content Type')).toBeFocused();

    await page.getByLabel('Content Type').selectOption('photo');
    const location = `https://waymarks.test/pins/${Date.now()}`;
    await page.getByLabel('Content Location/URL').fill(location);
    await page
      .getByLabel('Description')
      .fill('This photo shows the front door and house number of a private home.');
    await page.getByLabel('Your Email').fill('reporter@example.com');
    await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
    await page.getByRole('radio', { name: /Low/ }).check();

    const since = Date.now();
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByRole('heading', { name: 'Report Submitted' })).toBeVisible();
    await expect(
      page.getByText(
        'Thank you for helping us maintain a safe platform. We will review your report and take appropriate action within 24-48 hours.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Save this ID for your records')).toBeVisible();
    const shownId = (await page.getByText(/^#[0-9A-Z]{9}$/).textContent()) ?? '';
    expect(shownId).toMatch(/^#[0-9A-Z]{9}$/);

    const mail = await waitForMail(SUPPORT, { since });
    expect(mail.subject.startsWith('Content report')).toBe(true);
    expect(mail.subject).toContain(shownId);
    expect(mail.text).toContain(location);
  },
);

test("the report page's back button returns to the previous page", async ({ page }) => {
  await page.goto('/about');
  // A link followed within the app, so that the report page knows the page it came from.
  await waitForAdoption(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Report Content' }).click();
  await expect(page).toHaveURL(/\/illegal-content$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test(
  'the feedback page builds the mail link and copies the message',
  { tag: '@phone' },
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/feedback');
    await expect(page).toHaveTitle('Send Feedback · Waymarks');
    await expect(page.getByLabel('Subject')).toHaveValue('Feedback for Waymarks');
    await expect(page.getByLabel('Message')).toHaveAttribute('rows', '6');
    await expect(page.getByText('We typically respond within 1–2 business days.')).toBeVisible();

    const sendLink = page.getByRole('link', { name: 'Send via Email' });
    await expect(sendLink).toHaveAttribute(
      'href',
      'mailto:support@waymarks.app?subject=Feedback%20for%20Waymarks',
    );

    // Typed at once, perhaps before React has adopted the page: the text is handed over when it does.
    await page.getByLabel('Message').fill('Love the map!\nCould pins have notes?');
    await expect(sendLink).toHaveAttribute(
      'href',
      'mailto:support@waymarks.app?subject=Feedback%20for%20Waymarks&body=' +
        'Love%20the%20map!%0D%0ACould%20pins%20have%20notes%3F',
    );
    await page.getByLabel('Name').fill('Ada Lovelace');
    await expect(sendLink).toHaveAttribute(
      'href',
      'mailto:support@waymarks.app?subject=Feedback%20for%20Waymarks&body=' +
        'Name%3A%20Ada%20Lovelace%0D%0A%0D%0ALove%20the%20map!%0D%0ACould%20pins%20have%20notes%3F',
    );

    const discord = page.getByRole('link', { name: /Join Discord/ });
    await expect(discord).toHaveAttribute('target', '_blank');
    await expect(discord).toHaveAttribute('rel', /noopener/);

    await page.getByRole('button', { name: 'Copy Message' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'To: support@waymarks.app\nSubject: Feedback for Waymarks\n\nName: Ada Lovelace\n\nLove the map!\nCould pins have notes?',
    );
    // The confirmation lasts 2 seconds.
    await expect(page.getByRole('button', { name: 'Copy Message' })).toBeVisible({ timeout: 3_000 });
  },
);

test('every public page has its own title and description, one h1, and the info-page frame', async ({
  page,
}) => {
  const pages = [
    ['/about', 'About · Waymarks'],
    ['/feedback', 'Send Feedback · Waymarks'],
    ['/illegal-content', 'Report Content · Waymarks'],
    ['/privacy', 'Privacy Policy · Waymarks'],
    ['/terms', 'Terms of Service · Waymarks'],
    ['/stripe-privacy', /· Waymarks$/],
    ['/liability', 'Limitation of Liability · Waymarks'],
    ['/copyright', /Copyright.*· Waymarks$/],
  ] as const;
  const descriptions = new Set<string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Track, Remember, Explore')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT}`,
    );
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description, path).toBeTruthy();
    descriptions.add(description ?? '');
  }
  expect(descriptions.size).toBe(pages.length);
});

test('a shared link to a public page previews with its title, description, address and picture', async ({
  page,
  request,
  baseURL,
}) => {
  for (const path of ['/', '/about', '/feedback']) {
    // What a messenger's preview reads: the HTML as the server sends it, before any script.
    const html = await (await request.get(path)).text();
    const og = (property: string) =>
      new RegExp(`<meta\\s+property="og:${property}"\\s+content="([^"]*)"`).exec(html)?.[1];
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(og('title'), path).toBe(title);
    expect(og('description'), path).toBe(/<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1]);
    expect(og('url'), path).toBe(`${baseURL}${path}`);
    expect(og('image'), path).toBe(`${baseURL}/og-image.png`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  }
  for (const [file, width, height] of [
    ['/og-image.png', 1200, 630],
    ['/apple-touch-icon.png', 180, 180],
  ] as const) {
    const res = await request.get(file);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
  }
  await page.goto('/og-image.png');
  await screenshot(page, 'share', 'og-image', { fullPage: false });
});
