// Importing past travels in a real browser against the real server: a traveller brings a Google
// location history in from the dashboard, sees its places on the preview (one already on their map),
// keeps them and finds them on the dashboard, then undoes the import from the profile; a free traveller is
// offered the largest places that fit the plan; a file that is no history is refused saying why.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { semanticHistory, type Visit } from '../apps/server/src/testing/location-histories.js';
import { createAccount } from './support/harness.js';
import { axeViolations } from './support/page-checks.js';
import { createPins } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Timeline-2019';
let sequence = 0;

const SPRING: Visit[] = [
  {
    lat: 48.8566,
    lng: 2.3522,
    name: 'Hôtel du Louvre',
    start: '2019-04-01T10:00:00Z',
    end: '2019-04-03T09:00:00Z',
  },
  { lat: 41.9028, lng: 12.4964, start: '2019-04-10T12:00:00Z', end: '2019-04-12T08:00:00Z' },
  { lat: 38.7223, lng: -9.1393, start: '2019-05-01T12:00:00Z', end: '2019-05-01T18:00:00Z' },
];

type Tier = 'free' | 'basic' | 'standard' | 'plus' | 'pro';

/** A new traveller on `tier`, with these pins, signed in; answers their token. */
async function traveller(page: Page, tier: Tier, pins: { title: string; lat: number; lng: number }[] = []) {
  const email = `import-${tier}-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Isabella Bird', tier });
  const token = await signInThroughApi(page, email, PASSWORD);
  await createPins(page.request, token, pins);
  return token;
}

async function chooseFiles(page: Page, files: { name: string; bytes: Buffer }[]) {
  await page
    .locator('input[type="file"]')
    .setInputFiles(files.map(({ name, bytes }) => ({ name, mimeType: 'application/json', buffer: bytes })));
}

/** Drops a file on the drop zone, as a file dragged from the desktop is dropped. */
async function dropFile(page: Page, name: string, text: string) {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content!], fileName!, { type: 'application/json' }));
      return transfer;
    },
    [name, text],
  );
  await page.locator('[data-dropzone]').dispatchEvent('dragover', { dataTransfer });
  await page.locator('[data-dropzone]').dispatchEvent('drop', { dataTransfer });
}

test('a traveller imports a Google history from the dashboard, keeps its places, and undoes it from the profile', async ({
  page,
}) => {
  const token = await traveller(page, 'basic', [{ title: 'Roma', lat: 41.9028, lng: 12.4964 }]);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('link', { name: /Import/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/import/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import past travels' })).toBeVisible();
  await expect(page.getByText('deleted as soon as it has been read')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Two months of Takeout chosen at once: one import.
  await chooseFiles(page, [
    { name: '2019_APRIL.json', bytes: semanticHistory(SPRING.slice(0, 2)) },
    { name: '2019_MAY.json', bytes: semanticHistory(SPRING.slice(2)) },
  ]);
  const found = page.getByRole('list', { name: 'New places' });
  await expect(found).toBeVisible({ timeout: 30_000 });
  await expect(found.getByRole('listitem')).toHaveCount(2);
  await expect(found.getByRole('checkbox', { name: /Hôtel du Louvre/ })).toBeChecked();
  await expect(found.getByRole('checkbox', { name: /Lisbon/ })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Places already on your map' })).toContainText('Rome');
  await expect(page.getByRole('list', { name: 'Countries in this import' })).toContainText('France');
  await expect(page.getByText(/flying over it or driving through does not add one/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Lisbon is left out.
  await found.getByRole('checkbox', { name: /Lisbon/ }).uncheck();
  await page.getByRole('button', { name: 'Add to my map' }).click();
  await expect(page.getByText('1 pin added to your map. 1 place was on your map already.')).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('link', { name: 'View my map' }).click();
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  // Roma and the Louvre: two places, where the stats bar counts them.
  const places = page
    .getByRole('region', { name: 'Your travel statistics' })
    .getByRole('listitem', { includeHidden: true })
    .filter({ has: page.getByText('Places', { exact: true }) });
  await expect(places).toHaveText(/^Places2$/);

  await page.goto('/profile');
  const history = page.getByRole('region', { name: 'Imported travels' });
  await expect(history).toContainText('2019_APRIL.json, 2019_MAY.json');
  await history.getByRole('button', { name: 'Undo the import of 2019_APRIL.json, 2019_MAY.json' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(confirm).toContainText('This removes the 1 pin this import added to your map.');
  await confirm.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('The import was undone: 1 pin removed.')).toBeVisible();

  const pins = await page.request.get('/api/pins', { headers: { authorization: `Bearer ${token}` } });
  expect(((await pins.json()) as { pins: { title: string }[] }).pins.map((pin) => pin.title)).toEqual([
    'Roma',
  ]);
});

test('a free traveller is offered the places where they stayed longest, as many as the plan has room for @phone', async ({
  page,
}) => {
  await traveller(page, 'free', [{ title: 'Home', lat: 51.5072, lng: -0.1276 }]);
  // Twelve places in France, each stayed at for one hour more than the one before.
  const visits = Array.from({ length: 12 }, (_, i) => ({
    lat: 46 + i * 0.05,
    lng: 2 + i * 0.05,
    start: `2018-07-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
    end: `2018-07-${String(i + 1).padStart(2, '0')}T${String(9 + i).padStart(2, '0')}:00:00Z`,
  }));
  await page.goto('/import');
  await chooseFiles(page, [{ name: 'france.json', bytes: semanticHistory(visits) }]);
  const found = page.getByRole('list', { name: 'New places' });
  await expect(found.getByRole('listitem')).toHaveCount(12, { timeout: 30_000 });
  await expect(page.getByText(/plan has room for 9 more pins/)).toBeVisible();
  await expect(found.getByRole('checkbox', { checked: true })).toHaveCount(9);
  // The longest stays come first, and are the ones chosen.
  await expect(found.getByRole('checkbox').first()).toBeChecked();
  await expect(found.getByRole('checkbox').last()).not.toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Places to add' }).getByRole('link', { name: 'Upgrade' }),
  ).toBeVisible();
  await expect(page.getByText('3 places will not be added.')).toBeVisible();
  // Nothing wider than the screen, on a phone as on a desktop.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);

  await page.getByRole('button', { name: 'Add to my map' }).click();
  await expect(page.getByText('9 pins added to your map.')).toBeVisible({ timeout: 30_000 });
});

test('a file dropped that is no location history is refused, saying what was found and what is read', async ({
  page,
}) => {
  await traveller(page, 'basic');
  await page.goto('/import');
  await dropFile(page, 'notes.json', 'Dear diary, Paris was lovely.\n');
  await expect(page.getByText(/neither JSON nor XML/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Waymarks reads Google Takeout location history/)).toBeVisible();
  await page.getByRole('button', { name: 'Try another file' }).click();
  await expect(page.getByText('Drag and drop your location history here')).toBeVisible();
});
