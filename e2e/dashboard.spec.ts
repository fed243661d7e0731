// The dashboard in a real browser against the real server: header and locked features, the stats bar,
// the MapLibre map with the offline basemap, place search, the location dialog (save, rename, re-date,
// delete), the pin limit, preferences, and keyboard and phone use.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MAP_COLORS } from '../apps/web/src/features/map/colors.js';
import { baseURL, createAccount } from './support/harness.js';
import { blend, colourDistance, hexColour, pixelAt } from './support/pixel.js';
import { createPins, type NewPin } from './support/pins.js';
import { openSignedIn, signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++sequence}@example.com`;

type Tier = 'free' | 'basic' | 'standard' | 'plus' | 'pro';

async function newTraveller(tier: Tier, name = 'Ida Pfeiffer') {
  const email = uniqueEmail(tier);
  await createAccount({ email, password: PASSWORD, name, tier });
  return email;
}

/** The dashboard of a traveller signed in beforehand, with `pins` made through the API first. */
async function openDashboard(page: Page, email: string, pins: readonly NewPin[] = []) {
  if (pins.length) {
    await createPins(page.request, await signInThroughApi(page, email, PASSWORD), pins);
    await page.goto('/dashboard');
  } else {
    await openSignedIn(page, '/dashboard', email, PASSWORD);
  }
  await mapReady(page);
}

async function mapReady(page: Page) {
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

async function searchAndChoose(page: Page, query: string, option: RegExp) {
  const search = page.getByRole('combobox', { name: 'Search destinations' });
  await search.fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

/** A stat card of the stats bar: its label then its figure, e.g. 'Places' and '3'. */
const statCard = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Your travel statistics' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
const expectStat = (page: Page, label: string, value: string) =>
  expect(statCard(page, label)).toHaveText(new RegExp(`^${label}${value}$`));

test('a free traveller sees the empty dashboard, and locked features name the plan they need', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:/);
  const otherHosts: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL)) otherHosts.push(request.url());
  });
  const email = await newTraveller('free', 'Ida Pfeiffer');
  await openDashboard(page, email);
  // The map, its worker and its basemap load from this server alone, within the page's security policy.
  expect(problems).toEqual([]);
  expect(otherHosts).toEqual([]);

  await expect(page.getByRole('heading', { name: 'Welcome, Ida Pfeiffer' })).toBeVisible();
  await expect(page.getByText('0 / 195 countries')).toBeVisible();
  await expectStat(page, 'Places', '0');
  await expectStat(page, 'Media', '0');
  await expect(page.getByRole('progressbar', { name: 'World Explorer Progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(page.locator('.maplibregl-marker')).toHaveCount(0);

  await page.getByRole('button', { name: 'Highlight countries (locked: Explorer plan required)' }).click();
  const popup = page.getByRole('dialog', { name: 'Plan required' });
  await expect(popup).toContainText('Country highlighting needs the Explorer plan or higher.');
  await popup.getByRole('button', { name: 'Not now' }).click();
  await expect(popup).toBeHidden();

  await page.getByRole('button', { name: 'Leaderboard (locked: Explorer plan required)' }).click();
  await expect(page.getByRole('dialog', { name: 'Plan required' })).toContainText(
    'The leaderboard needs the Explorer plan',
  );
  await page.getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('search finds Lisbon by its Portuguese name; the place is saved with a visit date and counted', async ({
  page,
}) => {
  const email = await newTraveller('free');
  await openDashboard(page, email);

  await searchAndChoose(page, 'Lisboa', /^Lisbon/);
  const dialog = page.getByRole('dialog', { name: 'Lisbon' });
  await expect(dialog).toContainText('New location');
  await expect(dialog).toContainText('Portugal');

  await dialog.getByLabel('Visit date').fill('2024-05-02');
  await expect(dialog).toContainText('May 2, 2024');
  await dialog.getByRole('button', { name: 'Save to my map' }).click();

  await expect(dialog).toContainText('Saved • 0 media');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectStat(page, 'Places', '1');
  await expect(page.getByText('1 / 195 countries')).toBeVisible();
  const achievements = page.getByRole('list', { name: 'Achievements' });
  await expect(achievements.getByRole('listitem')).toHaveText([
    /^Explorer \(earned\)$/,
    /^Wanderer \(locked: visit 5 countries\)$/,
    /^Traveler \(locked: visit 10 countries\)$/,
  ]);
  await expect(page.getByRole('combobox', { name: 'Search destinations' })).toHaveValue('');

  const marker = page.getByRole('button', { name: 'Lisbon, Portugal' });
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('title', 'Lisbon');
});

test('a click on the map names the place from its coordinates; the pin is renamed, re-dated and deleted after confirmation', async ({
  page,
}) => {
  const email = await newTraveller('free');
  await openDashboard(page, email);

  // A new traveller's map opens on New York (40.7128, -74.006) at zoom 3: its centre is New York City.
  const map = page.locator('.maplibregl-canvas');
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no size');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const dialog = page.getByRole('dialog', { name: 'New York City' });
  await expect(dialog).toContainText('New location');
  await expect(dialog).toContainText('United States');
  await dialog.getByRole('button', { name: 'Save to my map' }).click();
  await expect(dialog).toContainText('Saved • 0 media');

  await dialog.getByLabel('Name').fill('Manhattan');
  await dialog.getByLabel('Visit date').fill('2019-12-31');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const renamed = page.getByRole('dialog', { name: 'Manhattan' });
  await expect(renamed.getByRole('status').filter({ hasText: 'Changes saved' })).toBeVisible();
  await expect(renamed).toContainText('December 31, 2019');

  await renamed.getByRole('button', { name: 'Delete Pin' }).click();
  await expect(renamed).toContainText('Delete Manhattan from your map?');
  await renamed.getByRole('button', { name: 'Cancel' }).click();
  await renamed.getByRole('button', { name: 'Delete Pin' }).click();
  await renamed.getByRole('button', { name: 'Delete pin' }).click();
  await expect(renamed).toBeHidden();
  await expect(page.getByRole('button', { name: 'Manhattan, United States' })).toHaveCount(0);
  await expectStat(page, 'Places', '0');
});

test('with the keyboard alone: search, save, reopen a pin from its marker, and open the place at the map centre', async ({
  page,
}) => {
  const email = await newTraveller('free');
  await openDashboard(page, email);

  const search = page.getByRole('combobox', { name: 'Search destinations' });
  await search.focus();
  await page.keyboard.type('zurich');
  await expect(page.getByRole('option', { name: /^Zürich/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Zürich' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save to my map' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Saved • 0 media');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Zürich, Switzerland' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Zürich' })).toContainText('Saved • 0 media');
  await page.keyboard.press('Escape');

  // The flight to Zürich ends with its marker at the centre (on a loaded machine it can still be flying).
  const canvas = page.locator('.maplibregl-canvas');
  const zurich = page.getByRole('button', { name: 'Zürich, Switzerland' });
  await expect
    .poll(async () => {
      const [map, pin] = [await canvas.boundingBox(), await zurich.boundingBox()];
      return map && pin ? Math.abs(pin.x + pin.width / 2 - (map.x + map.width / 2)) : Infinity;
    })
    .toBeLessThan(22);

  // The map was centred on Zürich at zoom 12: Enter on the focused map opens the place at its centre, a
  // new place in Switzerland, and marks it on the map where the centre is.
  await canvas.focus();
  await page.keyboard.press('Enter');
  const centre = page.getByRole('dialog').filter({ hasText: 'New location' });
  await expect(centre).toContainText('Switzerland');
  const box = await canvas.boundingBox();
  const marker = await page.locator('.maplibregl-marker').last().boundingBox();
  if (!box || !marker) throw new Error('the map or the marker has no size');
  expect(Math.abs(marker.x + marker.width / 2 - (box.x + box.width / 2))).toBeLessThan(22);
});

test('the first pin is where the map opens, and a full free plan offers the upgrade instead of saving', async ({
  page,
}) => {
  const email = await newTraveller('free');
  const pins = Array.from({ length: 10 }, (_, index) => ({
    title: `Stop ${index + 1}`,
    lat: -33.8688 + index * 0.01,
    lng: 151.2093,
  }));
  await openDashboard(page, email, pins);

  await expectStat(page, 'Places', '10');
  // Jumped to the first pin (Sydney) at zoom 6: the place at the centre is in Australia.
  await page.locator('.maplibregl-canvas').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Australia');
  await expect(dialog).toContainText('Your Wanderer plan allows 10 pins. Upgrade to add more.');
  await expect(dialog.getByRole('button', { name: 'Save to my map' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/profile');
});

test('visited countries are green at opacity 0.3, and the pins and highlighting switches are remembered', async ({
  page,
}) => {
  const email = await newTraveller('standard');
  // Great Bend, Kansas: the map opens on it at zoom 6, with the United States all around.
  await openDashboard(page, email, [{ title: 'Great Bend', lat: 38.3645, lng: -98.7648 }]);

  const highlight = page.getByRole('button', { name: 'Highlight countries' });
  const pins = page.getByRole('button', { name: 'Show pins' });
  await expect(highlight).toHaveAttribute('aria-pressed', 'true');
  await expect(pins).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Great Bend, United States' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leaderboard' })).toBeVisible();

  const land = hexColour(MAP_COLORS.land);
  const visited = blend(land, hexColour(MAP_COLORS.visited), 0.3);
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  // Below the marker, which stands above its point.
  const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 + 40 };
  await expect.poll(async () => colourDistance(await pixelAt(page, spot.x, spot.y), visited)).toBeLessThan(8);

  await pins.click();
  await highlight.click();
  await expect(pins).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Great Bend, United States' })).toHaveCount(0);
  await expect.poll(async () => colourDistance(await pixelAt(page, spot.x, spot.y), land)).toBeLessThan(8);

  await page.reload();
  await mapReady(page);
  await expect(page.getByRole('button', { name: 'Show pins' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Highlight countries' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByRole('button', { name: 'Great Bend, United States' })).toHaveCount(0);
  await expect.poll(async () => colourDistance(await pixelAt(page, spot.x, spot.y), land)).toBeLessThan(8);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('showPins'),
      localStorage.getItem('showCountryHighlighting'),
      localStorage.getItem('showTimeline'),
    ]),
  ).toEqual(['false', 'false', null]);
});

test('on a phone the map, search and dialog work by touch', { tag: '@phone-only' }, async ({ page }) => {
  const email = await newTraveller('free');
  await openDashboard(page, email);

  await page.getByRole('combobox', { name: 'Search destinations' }).tap();
  await page.keyboard.type('Munich');
  await page
    .getByRole('option', { name: /^Munich/ })
    .first()
    .tap();
  const dialog = page.getByRole('dialog', { name: 'Munich' });
  await expect(dialog).toContainText('Germany');
  await dialog.getByRole('button', { name: 'Save to my map' }).tap();
  await expect(dialog).toContainText('Saved • 0 media');
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Munich, Germany' }).tap();
  await expect(page.getByRole('dialog', { name: 'Munich' })).toContainText('Saved • 0 media');
  const viewport = page.viewportSize();
  const sheet = await page.getByRole('dialog', { name: 'Munich' }).boundingBox();
  expect(sheet && viewport && sheet.x + sheet.width).toBeLessThanOrEqual(viewport?.width ?? 0);
});

test(
  'the dashboard, its search list and its dialog pass axe with no violations',
  { tag: '@phone' },
  async ({ page }) => {
    const email = await newTraveller('free');
    await openDashboard(page, email, [{ title: 'Lisbon', lat: 38.7223, lng: -9.1393 }]);
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
    const violations = async () =>
      (await new AxeBuilder({ page }).withTags(tags).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );

    expect(await violations()).toEqual([]);

    await page.getByRole('combobox', { name: 'Search destinations' }).fill('Porto');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.getByRole('combobox', { name: 'Search destinations' }).fill('');
    await page.getByRole('button', { name: 'Lisbon, Portugal' }).click();
    await expect(page.getByRole('dialog', { name: 'Lisbon' })).toBeVisible();
    expect(await violations()).toEqual([]);
  },
);
