// "Your places first" in 'Search destinations...': the traveller's own pins that the query names are listed
// above the gazetteer's results and marked as theirs, and choosing one opens that pin. A gazetteer result
// within the grouping distance (1 km) of a pin opens the pin too, not a new location. The gazetteer's
// results read the query as the traveller meant it: a city mistyped, or followed by its country. Set
// WAYMARKS_SHOTS_DIR to keep screenshots of the open list.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { createPins } from './support/pins.js';
import { axeViolations, screenshot } from './support/page-checks.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

/** A traveller on the free plan with these pins, made through the real API, signed in on the dashboard. */
async function travellerWithPins(page: Page, pins: { title: string; lat: number; lng: number }[]) {
  const email = `own-places-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Freya Stark', tier: 'free' });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), pins);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

// Arezzo's centre; the gazetteer's Arezzo (43.46276, 11.88068) lies about 0.1 km away.
const AREZZO = { lat: 43.4633, lng: 11.8796 };

test(
  'a traveller who searches for a place they saved finds it first, marked as theirs, and opens their pin',
  { tag: '@phone' },
  async ({ page }) => {
    await travellerWithPins(page, [{ title: 'Arezzo', ...AREZZO }]);

    await page.getByRole('combobox', { name: 'Search destinations' }).fill('Arezzo');
    const options = page.getByRole('option');
    const own = page.getByRole('group', { name: 'Your places' }).getByRole('option');
    await expect(own).toHaveCount(1);
    await expect(own).toHaveAccessibleName('Arezzo, Your place, Italy, 0 media');
    await expect(own).toContainText('Your place');
    // The gazetteer's results follow, the city of Arezzo among them.
    const places = page.getByRole('group', { name: 'Places', exact: true }).getByRole('option');
    await expect(places.first()).toContainText('Italy');
    await expect(options.first()).toHaveAccessibleName(/^Arezzo, Your place/);
    await expect(options).toHaveCount(1 + (await places.count()));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'search', 'own-places', { fullPage: false });

    await own.click();
    const dialog = page.getByRole('dialog', { name: 'Arezzo' });
    await expect(dialog).toContainText('Saved • 0 media');
    await expect(dialog).not.toContainText('New location');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Search destinations' })).toHaveValue('');
  },
);

test('choosing the gazetteer’s Arezzo opens the pin saved half a kilometre away, not a new location', async ({
  page,
}) => {
  // Casa Vasari, in the old town: its title does not name Arezzo, so only the gazetteer lists the city.
  await travellerWithPins(page, [{ title: 'Casa Vasari', lat: 43.4666, lng: 11.8776 }]);

  await page.getByRole('combobox', { name: 'Search destinations' }).fill('Arezzo');
  const city = page
    .getByRole('option', { name: /^Arezzo/ })
    .filter({ hasText: 'Italy' })
    .first();
  await expect(city).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your places' })).toHaveCount(0);
  await city.click();

  const dialog = page.getByRole('dialog', { name: 'Casa Vasari' });
  await expect(dialog).toContainText('Saved • 0 media');
  await expect(dialog).not.toContainText('New location');
  await expect(page.getByRole('dialog', { name: 'Arezzo' })).toHaveCount(0);
});

// At desktop size alone: what it proves is the server's ranking of the gazetteer, the same on any screen; the
// list at phone size is checked with axe in the first journey above.
test('a traveller who mistypes a city, or names its country after it, finds that city first, listed once', async ({
  page,
}) => {
  await travellerWithPins(page, []);
  const search = page.getByRole('combobox', { name: 'Search destinations' });
  const options = page.getByRole('option');

  await search.fill('Kyoto, Japan');
  await expect(options.first()).toContainText('Kyoto, Japan');
  await expect(options.filter({ hasText: 'Kyoto, Japan' })).toHaveCount(1);

  await search.fill('Lisbn');
  await expect(options.first()).toContainText('Lisbon, Portugal');
  await search.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisbon' });
  await expect(dialog).toContainText('New location');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
