// The timeline filters the map, in a real browser against the real server: a standard traveller (the
// timeline and country highlighting) with places in three years narrows the slider from the keyboard and
// the map's pins and filled countries follow, play steps through the years, Show all brings everything
// back, and the place without a date is listed as undated and opens from there. The map is read as a
// traveller sees it: its markers, and the green of the countries under them in a picture of the screen.
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { MAP_COLORS, VISITED_OPACITY } from '../apps/web/src/features/map/colors.js';
import { createAccount } from './support/harness.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { blend, colourDistance, hexColour, pictureOf } from './support/pixel.js';
import { createPins, type NewPin } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;

/** One place a year in three countries, inland and far enough apart to stand alone on the map, and Paris undated. */
const PLACES: NewPin[] = [
  { title: 'Zaragoza', lat: 41.6488, lng: -0.8891, visitDate: '2021-05-01' },
  { title: 'Łódź', lat: 51.7592, lng: 19.456, visitDate: '2022-08-15' },
  { title: 'Florence', lat: 43.7696, lng: 11.2558, visitDate: '2023-04-10' },
  { title: 'Paris', lat: 48.8566, lng: 2.3522 },
];
const MARKERS = {
  zaragoza: 'Zaragoza, Spain',
  lodz: 'Łódź, Poland',
  florence: 'Florence, Italy',
  paris: 'Paris, France',
} as const;
type Place = keyof typeof MARKERS;

const visitedLand = blend(hexColour(MAP_COLORS.land), hexColour(MAP_COLORS.visited), VISITED_OPACITY);
/** The box under a pin's point whose visited-green pixels are counted, in CSS pixels. */
const BOX = { below: 6, size: 20 };

async function openDashboard(page: Page) {
  const email = `timeline-filter-${Date.now()}-${++sequence}@example.com`;
  await createAccount({ email, password: PASSWORD, name: 'Gertrude Bell', tier: 'standard' });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), PLACES);
  await page.goto('/dashboard');
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

/** The one place of each year with a visit. */
const PLACE_OF_YEAR: Record<string, Place> = { '2021': 'zaragoza', '2022': 'lodz', '2023': 'florence' };

/**
 * Records, in the page, every summary the strip shows from now on, in order: a step of the player (1.2 s)
 * can pass between two polls of a loaded machine. The function returned reads what was recorded.
 */
async function recordSummaries(strip: Locator): Promise<() => Promise<string[]>> {
  await strip.evaluate((region) => {
    const seen: string[] = [];
    const read = () => {
      const text = Array.from(region.querySelectorAll('[role="status"]'))
        .map((status) => status.textContent ?? '')
        .find((content) => content.includes(' · '));
      if (text !== undefined && seen.at(-1) !== text) seen.push(text);
    };
    read();
    new MutationObserver(read).observe(region, { subtree: true, childList: true, characterData: true });
    (region as Element & { summariesShown?: string[] }).summariesShown = seen;
  });
  return () =>
    strip.evaluate((region) => [
      ...((region as Element & { summariesShown?: string[] }).summariesShown ?? []),
    ]);
}

const marker = (page: Page, place: Place) => page.getByRole('button', { name: MARKERS[place], exact: true });

/** Where each pin's point is on the screen: the bottom middle of its marker. The map does not move after. */
async function pinPoints(page: Page): Promise<Record<Place, { x: number; y: number }>> {
  const points = {} as Record<Place, { x: number; y: number }>;
  for (const place of Object.keys(MARKERS) as Place[]) {
    const box = await marker(page, place).boundingBox();
    if (!box) throw new Error(`${place} has no marker on screen`);
    points[place] = { x: box.x + box.width / 2, y: box.y + box.height };
  }
  return points;
}

/** How many pixels in the box under each pin are drawn in the visited green. */
async function greenUnder(canvas: Locator, points: Record<Place, { x: number; y: number }>) {
  const frame = await canvas.boundingBox();
  if (!frame) throw new Error('the map has no size');
  const picture = await pictureOf(canvas);
  const counts = {} as Record<Place, number>;
  for (const [place, point] of Object.entries(points) as [Place, { x: number; y: number }][]) {
    let green = 0;
    const left = Math.round(point.x - frame.x - BOX.size / 2);
    const top = Math.round(point.y - frame.y + BOX.below);
    for (let y = top; y < top + BOX.size; y++) {
      for (let x = left; x < left + BOX.size; x++) {
        if (colourDistance(picture.at(x, y), visitedLand) < 8) green += 1;
      }
    }
    counts[place] = green;
  }
  return counts;
}

/** Waits until the filled countries are those named: most of each one's box green, none of the others'. */
async function expectFilled(page: Page, points: Record<Place, { x: number; y: number }>, filled: Place[]) {
  const canvas = page.locator('.maplibregl-canvas');
  const enough = (BOX.size * BOX.size) / 3;
  await expect
    .poll(async () => {
      const counts = await greenUnder(canvas, points);
      return (Object.keys(counts) as Place[]).filter((place) => counts[place] >= enough).sort();
    })
    .toEqual([...filled].sort());
  const counts = await greenUnder(canvas, points);
  for (const place of Object.keys(MARKERS) as Place[]) {
    if (!filled.includes(place)) expect(counts[place], `${place} is not filled`).toBe(0);
  }
}

async function expectPins(page: Page, shown: Place[]) {
  for (const place of Object.keys(MARKERS) as Place[]) {
    if (shown.includes(place)) await expect(marker(page, place)).toBeVisible();
    else await expect(marker(page, place)).toHaveCount(0);
  }
}

test(
  'choosing years on the timeline filters the map’s pins and filled countries, and play steps through the years',
  { tag: '@phone' },
  async ({ page }) => {
    await openDashboard(page);
    const strip = page.getByRole('region', { name: 'Travel Timeline' });
    const summary = strip.getByRole('status').filter({ hasText: ' · ' });
    await expect(summary).toHaveText('All years · 4 places');
    await expectPins(page, ['zaragoza', 'lodz', 'florence', 'paris']);
    const points = await pinPoints(page);
    await expectFilled(page, points, ['zaragoza', 'lodz', 'florence', 'paris']);

    // The first year's thumb moved on by one from the keyboard: 2022–2023.
    const fromYear = strip.getByRole('slider', { name: 'From year' });
    await expect(fromYear).toHaveValue('2021');
    await expect(strip.getByRole('slider', { name: 'To year' })).toHaveValue('2023');
    await fromYear.focus();
    await page.keyboard.press('ArrowRight');
    await expect(summary).toHaveText('2022–2023 · 2 places');
    await expectPins(page, ['lodz', 'florence']);
    await expectFilled(page, points, ['lodz', 'florence']);
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'timeline-filter', 'filtered', { fullPage: false });

    // Play from the first year, paused at once: only the year shown (the first, unless a step of the player
    // passed before the click on a loaded machine) has its place and country on the map.
    const shown = await recordSummaries(strip);
    await strip.getByRole('button', { name: 'Play through the years' }).click();
    await strip.getByRole('button', { name: 'Pause' }).click();
    const pausedOn = ((await summary.textContent()) ?? '').slice(0, 4);
    expect(Object.keys(PLACE_OF_YEAR)).toContain(pausedOn);
    await expectPins(page, [PLACE_OF_YEAR[pausedOn]!]);
    await expectFilled(page, points, [PLACE_OF_YEAR[pausedOn]!]);
    await screenshot(page, 'timeline-filter', 'paused', { fullPage: false });

    // Going on, it steps year by year to 2023 and stops there, having shown each year once.
    await strip.getByRole('button', { name: 'Play through the years' }).click();
    await expect(strip.getByRole('button', { name: 'Play through the years' })).toBeVisible();
    await expect(summary).toHaveText('2023 · 1 place');
    expect(await shown()).toEqual([
      '2022–2023 · 2 places',
      '2021 · 1 place',
      '2022 · 1 place',
      '2023 · 1 place',
    ]);
    await expectPins(page, ['florence']);
    await expectFilled(page, points, ['florence']);

    await strip.getByRole('button', { name: 'Show all' }).click();
    await expect(summary).toHaveText('All years · 4 places');
    await expect(fromYear).toBeFocused();
    await expectPins(page, ['zaragoza', 'lodz', 'florence', 'paris']);
    await expectFilled(page, points, ['zaragoza', 'lodz', 'florence', 'paris']);
  },
);

test(
  'the place without a date is listed as undated and opens from the list',
  { tag: '@phone' },
  async ({ page }) => {
    await openDashboard(page);
    const strip = page.getByRole('region', { name: 'Travel Timeline' });
    await expect(strip.getByRole('button', { name: /Paris/ })).toHaveCount(0);

    const undated = strip.getByRole('button', { name: '1 undated place' });
    await expect(undated).toHaveAttribute('aria-expanded', 'false');
    await undated.click();
    const list = page.getByRole('group', { name: '1 undated place' });
    await expect(list.getByRole('listitem')).toHaveText(['Paris']);
    await expect(list.getByRole('button', { name: 'Paris' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'timeline-filter', 'undated', { fullPage: false });

    await list.getByRole('button', { name: 'Paris' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paris' });
    await expect(dialog).toContainText('Saved • 0 media');
    await expect(list).toHaveCount(0);
  },
);
