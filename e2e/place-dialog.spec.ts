// The place dialog of a saved pin in a real browser against the real server (decision 086): it leads with
// the place, keeps its notes, has Save in view at any size and says when saving worked; and a pin is moved
// on the map, by a search result, a drag or Enter at the map centre, its country and the counts following.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount } from './support/harness.js';
import { axeViolations, screenshot } from './support/page-checks.js';
import { createPins, type NewPin } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

const LISBON: NewPin = { title: 'Lisbon', lat: 38.7223, lng: -9.1393 };
const SEVILLE: NewPin = { title: 'Seville', lat: 37.3891, lng: -5.9845 };

/** A new free traveller's dashboard with `pins` made through the API; the access token for API checks. */
async function openDashboard(page: Page, pins: readonly NewPin[]): Promise<string> {
  const email = `places-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Ida Pfeiffer', tier: 'free' });
  const token = await signInThroughApi(page, email, PASSWORD);
  await createPins(page.request, token, pins);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  return token;
}

/** The place dialog of a pin, opened from its marker. */
async function openPin(page: Page, marker: string, title: string) {
  await page.getByRole('button', { name: marker }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('Saved • 0 media');
  return dialog;
}

const countriesLine = (page: Page) =>
  page.getByRole('region', { name: 'Your travel statistics' }).getByText(/ \/ 195 countries$/);

/** The country codes the server counts for the traveller. */
async function countedCountries(page: Page, token: string): Promise<string[]> {
  const answer = await page.request.get('/api/countries', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const { countries } = (await answer.json()) as { countries: { countryCode: string }[] };
  return countries.map((country) => country.countryCode).sort();
}

const moveBar = (page: Page) => page.getByRole('region', { name: 'Drag the pin or pick a new point' });

test(
  'notes are written, saved with Save in view, and there when the place opens again; the upload settings wait folded',
  { tag: '@phone' },
  async ({ page }) => {
    await openDashboard(page, [LISBON]);
    let dialog = await openPin(page, 'Lisbon, Portugal', 'Lisbon');

    // The place first: name, visit date, notes; Save at the dialog's foot without scrolling.
    const notes = dialog.getByRole('textbox', { name: 'Notes' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Lisbon');
    await expect(notes).toHaveValue('');
    const save = dialog.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('switch', { name: 'Auto-detect date' })).toBeHidden();
    await screenshot(page, 'place-dialog', 'opened', { fullPage: false });

    await notes.fill('Tram 28 at dawn, then pastéis in Belém.');
    await expect(save).toBeInViewport({ ratio: 1 });
    await save.click();
    await expect(dialog.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(save).toBeDisabled();
    await screenshot(page, 'place-dialog', 'notes-saved', { fullPage: false });

    // The settings open from their summary, with the keyboard too.
    await dialog.getByText('Upload settings').focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('switch', { name: 'Auto-detect date' })).toBeVisible();
    await dialog.getByRole('switch', { name: 'Auto-detect date' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'place-dialog', 'upload-settings-open', { fullPage: false });
    await expect(save).toBeInViewport({ ratio: 1 });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
    dialog = await openPin(page, 'Lisbon, Portugal', 'Lisbon');
    await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue(
      'Tram 28 at dawn, then pastéis in Belém.',
    );
  },
);

test(
  'a pin moved from Lisbon to Madrid by a search result counts Spain, not Portugal',
  { tag: '@phone' },
  async ({ page }) => {
    const token = await openDashboard(page, [LISBON, SEVILLE]);
    await expect(countriesLine(page)).toHaveText('2 / 195 countries');
    expect(await countedCountries(page, token)).toEqual(['ES', 'PT']);

    const dialog = await openPin(page, 'Lisbon, Portugal', 'Lisbon');
    await dialog.getByRole('button', { name: 'Move pin' }).click();
    await expect(dialog).toBeHidden();
    const bar = moveBar(page);
    await expect(bar).toBeFocused();
    await expect(bar.getByRole('button', { name: 'Save' })).toBeDisabled();

    const search = page.getByRole('combobox', { name: 'Search destinations' });
    await search.fill('Madrid');
    await page
      .getByRole('option', { name: /^Madrid/ })
      .first()
      .click();
    await expect(bar.getByRole('status')).toHaveText('New place: Madrid, Spain');
    await expect(page.locator('[data-moving-pin]')).toBeVisible();
    await screenshot(page, 'place-dialog', 'moving', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    await bar.getByRole('button', { name: 'Save' }).click();
    const moved = page.getByRole('dialog', { name: 'Lisbon' });
    await expect(moved).toContainText('Spain');
    await expect(moved).not.toContainText('Portugal');
    await screenshot(page, 'place-dialog', 'moved', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(moved).toBeHidden();

    await expect(countriesLine(page)).toHaveText('1 / 195 countries');
    expect(await countedCountries(page, token)).toEqual(['ES']);
    await expect(page.getByRole('button', { name: 'Lisbon, Spain' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lisbon, Portugal' })).toHaveCount(0);
  },
);

test('a pin is dragged to a new point, or put at the map centre with the keyboard; Cancel leaves it', async ({
  page,
}) => {
  const token = await openDashboard(page, [LISBON]);
  const pinNow = async () => {
    const answer = await page.request.get('/api/pins', { headers: { authorization: `Bearer ${token}` } });
    const { pins } = (await answer.json()) as { pins: { lat: number; lng: number; countryCode: string }[] };
    return pins[0];
  };

  // The keyboard: arrow keys move the map under the centre, Enter puts the pin there; Cancel keeps it.
  let dialog = await openPin(page, 'Lisbon, Portugal', 'Lisbon');
  await dialog.getByRole('button', { name: 'Move pin' }).click();
  const bar = moveBar(page);
  await expect(bar).toBeFocused();
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(bar.getByRole('status')).toHaveText(/^New place: .*, Portugal$/);
  await bar.getByRole('button', { name: 'Cancel' }).click();
  dialog = page.getByRole('dialog', { name: 'Lisbon' });
  await expect(dialog).toContainText('Portugal');
  expect(await pinNow()).toMatchObject({ lat: LISBON.lat, lng: LISBON.lng });

  // A drag: the pin goes where it is dropped, still in Portugal a little to the north-east.
  await dialog.getByRole('button', { name: 'Move pin' }).click();
  const pin = page.locator('[data-moving-pin]');
  await expect(pin).toBeVisible();
  // The flight to the pin ends with it at the map's centre.
  await expect
    .poll(async () => {
      const [map, marker] = [await canvas.boundingBox(), await pin.boundingBox()];
      return map && marker ? Math.abs(marker.x + marker.width / 2 - (map.x + map.width / 2)) : Infinity;
    })
    .toBeLessThan(4);
  const from = await pin.boundingBox();
  if (!from) throw new Error('the moving pin has no size');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 60, from.y + from.height / 2 - 60, { steps: 8 });
  await page.mouse.up();
  await expect(bar.getByRole('status')).toHaveText(/^New place: .*, Portugal$/);
  await bar.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Lisbon' })).toContainText('Portugal');
  const moved = await pinNow();
  expect(moved?.countryCode).toBe('PT');
  expect(moved?.lat).toBeGreaterThan(LISBON.lat);
  expect(moved?.lng).toBeGreaterThan(LISBON.lng);
});
