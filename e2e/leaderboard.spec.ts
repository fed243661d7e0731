// The leaderboard in a real browser against the real server: travellers who opted in ranked by the rule,
// the sort, the traveller dialog and its tabs, the opt-in and opt-out, the locked panel on the free plan,
// the dashboard header's rank badge, and the list as cards on a phone. The list and its totals count every
// traveller on the server, so these journeys run on a server of their own (support/own-server.ts).
// Set WAYMARKS_SHOTS_DIR to keep screenshots of the list, the dialog and the locked panel.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/own-server.js';
import type { ServerProcess } from './support/server-process.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { signInThroughApi } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++sequence}@example.com`;

type Tier = 'free' | 'basic' | 'standard' | 'plus' | 'pro';
interface NewPin {
  title: string;
  lat: number;
  lng: number;
  visitDate: string;
}

const PORTUGAL_FRANCE_ITALY: NewPin[] = [
  { title: 'Lisbon', lat: 38.7223, lng: -9.1393, visitDate: '2024-05-02' },
  { title: 'Paris', lat: 48.8566, lng: 2.3522, visitDate: '2023-09-10' },
  { title: 'Rome', lat: 41.9028, lng: 12.4964, visitDate: '2024-01-20' },
];
const FOUR_IN_GERMANY: NewPin[] = [
  { title: 'Berlin', lat: 52.52, lng: 13.405, visitDate: '2022-06-01' },
  { title: 'Munich', lat: 48.1372, lng: 11.5756, visitDate: '2022-06-05' },
  { title: 'Hamburg', lat: 53.5511, lng: 9.9937, visitDate: '2023-03-14' },
  { title: 'Cologne', lat: 50.9375, lng: 6.9603, visitDate: '2023-03-18' },
];

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  return ((await signIn.json()) as { accessToken: string }).accessToken;
}

/**
 * An account on a plan with its pins, opted in through the API when `listed`; answers its e-mail. Given a
 * page's `request`, it leaves that page's browser signed in as the new account.
 */
async function traveller(
  server: ServerProcess,
  request: APIRequestContext,
  { tier, name, pins, listed }: { tier: Tier; name: string; pins: NewPin[]; listed: boolean },
): Promise<string> {
  const email = uniqueEmail(tier);
  await server.admin(['create-user', email, PASSWORD, '--tier', tier, '--name', name]);
  const headers = { authorization: `Bearer ${await apiToken(request, email)}` };
  for (const pin of pins) {
    const created = await request.post('/api/pins', { data: pin, headers });
    expect(created.status()).toBe(201);
  }
  if (listed) {
    const optIn = await request.put('/api/leaderboard/settings', {
      data: { showOnLeaderboard: true },
      headers,
    });
    expect(await optIn.json()).toEqual({ showOnLeaderboard: true });
  }
  return email;
}

/** Opens `path` in a browser that `traveller` signed in, and waits until the app is there. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const rankings = (page: Page) => page.getByRole('list', { name: 'Rankings' });
/** The travellers' names in the order the list shows them. */
const listedNames = (page: Page) => rankings(page).getByRole('listitem').getByRole('button');
const row = (page: Page, name: string) =>
  rankings(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const optInSwitch = (page: Page) => page.getByRole('switch', { name: 'Show me on the leaderboard' });

test('two Explorers who opted in are ranked by countries; the sort reorders them and the dialog shows their travels', async ({
  page,
  request,
  ownServer,
}) => {
  // Two sign-ups, seven pins and a wait for the server's totals on a shared two-core machine.
  test.slow();
  await traveller(ownServer, page.request, {
    tier: 'standard',
    name: 'Ada Lindqvist',
    pins: PORTUGAL_FRANCE_ITALY,
    listed: false,
  });
  await traveller(ownServer, request, {
    tier: 'standard',
    name: 'Bo Nansen',
    pins: FOUR_IN_GERMANY,
    listed: true,
  });

  await open(page, '/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Leaderboard' })
    .click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { name: 'Travel Leaderboard', level: 1 })).toBeVisible();

  // A new account starts off the leaderboard; the switch puts Ada on it.
  await expect(page.getByText('You are not on the leaderboard.')).toBeVisible();
  await expect(optInSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await expect(row(page, 'Ada Lindqvist')).toHaveCount(0);
  await optInSwitch(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You will now appear on the leaderboard!' }),
  ).toBeVisible();
  await expect(optInSwitch(page)).toHaveAttribute('aria-checked', 'true');

  // Three countries rank above one, whatever the pins; the first two take gold and silver.
  await expect(page.getByText('Your rank: #1')).toBeVisible();
  await expect(listedNames(page)).toHaveText(['Ada Lindqvist', 'Bo Nansen']);
  await expect(row(page, 'Ada Lindqvist').getByRole('img', { name: 'Gold medal (rank 1)' })).toBeVisible();
  await expect(row(page, 'Bo Nansen').getByRole('img', { name: 'Silver medal (rank 2)' })).toBeVisible();
  await expect(row(page, 'Ada Lindqvist')).toContainText('You');
  await expect(row(page, 'Bo Nansen')).toContainText('Explorer');
  // The server keeps its totals for a few seconds (TOTALS_TTL_MS); a reload after that shows the new ones.
  const totals = page.getByRole('list', { name: 'Leaderboard totals' }).getByRole('listitem');
  await expect(async () => {
    await page.reload();
    await expect(totals).toHaveText(
      ['Active Travelers2', 'Countries Explored4of 195', 'Pins Created7', 'Verified Pins0'],
      { timeout: 10_000 },
    );
  }).toPass({ timeout: 45_000 });
  await expect(
    page.getByText(/^Travelers are ranked by countries visited and verification score/),
  ).toBeVisible();
  await screenshot(page, 'leaderboard', 'list');
  expect(await axeViolations(page)).toEqual([]);

  // By pins Bo's four come first; the medals stay with the ranks.
  await page.getByLabel('Sort by').selectOption('pins');
  await expect(listedNames(page)).toHaveText(['Bo Nansen', 'Ada Lindqvist']);
  await expect(row(page, 'Bo Nansen')).toContainText('Position 1');
  await expect(row(page, 'Bo Nansen').getByRole('img', { name: 'Silver medal (rank 2)' })).toBeVisible();

  await row(page, 'Bo Nansen').getByRole('button', { name: 'Bo Nansen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bo Nansen' });
  const panel = dialog.getByRole('tabpanel');
  await expect(panel).toContainText('Rank#2');
  await expect(panel).toContainText('Countries1');
  // From June 1, 2022 to March 18, 2023: 290 days, shown as 9 months.
  await expect(panel).toContainText('Travel span9 months');
  await expect(panel.getByRole('listitem').filter({ hasText: 'Germany' })).toBeVisible();
  await screenshot(page, 'leaderboard', 'dialog', { fullPage: false });
  expect(await axeViolations(page)).toEqual([]);

  const overview = dialog.getByRole('tab', { name: 'Overview' });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  await overview.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('listitem')).toHaveText([/^Germany4 pins · 0 media$/]);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Cities' })).toBeFocused();
  await expect(panel.getByRole('listitem')).toHaveCount(4);
  await expect(panel.getByRole('listitem').first()).toContainText('Köln');
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('listitem')).toHaveText([
    /^March 18, 2023/,
    /^March 14, 2023/,
    /^June 5, 2022/,
    /^June 1, 2022/,
  ]);
  await screenshot(page, 'leaderboard', 'dialog-timeline', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('opting out takes the traveller off the list at once', async ({ page, ownServer }) => {
  await traveller(ownServer, page.request, {
    tier: 'plus',
    name: 'Cy Twombly',
    pins: PORTUGAL_FRANCE_ITALY.slice(0, 1),
    listed: true,
  });
  await open(page, '/leaderboard');
  await expect(row(page, 'Cy Twombly')).toHaveCount(1);
  await expect(page.getByText(/^Your rank: #\d+$/)).toBeVisible();
  await expect(optInSwitch(page)).toHaveAttribute('aria-checked', 'true');

  await optInSwitch(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You have been removed from the leaderboard.' }),
  ).toBeVisible();
  await expect(row(page, 'Cy Twombly')).toHaveCount(0);
  await expect(page.getByText('You are not on the leaderboard.')).toBeVisible();

  // And it stays that way: the server no longer lists Cy.
  await page.reload();
  await expect(rankings(page)).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 'Cy Twombly')).toHaveCount(0);
  await expect(optInSwitch(page)).toHaveAttribute('aria-checked', 'false');
});

test('the dashboard header shows the rank badge of a ranked traveller, and none before', async ({
  page,
  request,
  ownServer,
}) => {
  const dee = await traveller(ownServer, request, {
    tier: 'standard',
    name: 'Dee Ranked',
    pins: FOUR_IN_GERMANY.slice(0, 1),
    listed: true,
  });
  await traveller(ownServer, page.request, {
    tier: 'standard',
    name: 'Eli Unlisted',
    pins: FOUR_IN_GERMANY.slice(0, 1),
    listed: false,
  });

  const answered = page.waitForResponse((response) => response.url().includes('/api/leaderboard?'));
  await open(page, '/dashboard');
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Welcome, Eli Unlisted' })).toBeVisible();
  await expect(page.getByTitle('Your leaderboard rank')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInThroughApi(page, dee, PASSWORD);
  await open(page, '/dashboard');
  const badge = page.getByTitle('Your leaderboard rank');
  await expect(badge).toHaveText(/^Leaderboard rank #\d+$/);
  const rank = (await badge.textContent())?.replace('Leaderboard rank ', '');
  await page.goto('/leaderboard');
  await expect(page.getByText(`Your rank: ${rank}`)).toBeVisible();
});

test(
  'a free traveller sees the locked Global Leaderboard, whose upgrade leads to /profile',
  { tag: '@phone' },
  async ({ page, ownServer }) => {
    await traveller(ownServer, page.request, { tier: 'free', name: 'Fay Free', pins: [], listed: false });
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/leaderboard')) asked.push(sent.url());
    });
    await open(page, '/leaderboard');
    const locked = page.getByRole('region', { name: 'Global Leaderboard' });
    await expect(locked).toContainText('The leaderboard needs the Explorer plan or higher.');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'leaderboard', 'locked');
    expect(await axeViolations(page)).toEqual([]);
    expect(asked).toEqual([]);

    await locked.getByRole('link', { name: 'Upgrade to Explorer' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  },
);

test(
  'on a phone the list is a column of cards, the dialog fits the screen, and so does the header with its rank badge',
  { tag: '@phone-only' },
  async ({ page, ownServer }) => {
    await traveller(ownServer, page.request, {
      tier: 'pro',
      name: 'Gus Phoneman',
      pins: PORTUGAL_FRANCE_ITALY,
      listed: true,
    });
    await open(page, '/leaderboard');
    const own = row(page, 'Gus Phoneman');
    await expect(own).toBeVisible();
    // As a card the figures carry their own labels.
    await expect(own.getByText('Countries', { exact: true })).toBeVisible();
    // The column headings of the wide layout are not shown.
    await expect(page.getByText('Traveler', { exact: true })).toBeHidden();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'leaderboard', 'list');
    expect(await axeViolations(page)).toEqual([]);

    await own.getByRole('button', { name: 'Gus Phoneman' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Gus Phoneman' });
    await expect(dialog.getByRole('tabpanel')).toContainText('Travel span7 months');
    // Once its opening animation is over, the dialog lies within the screen's width.
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && box.x >= 0 && box.x + box.width <= 390;
      })
      .toBe(true);
    // All four tabs fit: neither the tab list nor the dialog scrolls sideways.
    const tabs = dialog.getByRole('tablist', { name: 'Traveler details' });
    expect(await tabs.evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
    expect(await dialog.evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBe(0);
    await screenshot(page, 'leaderboard', 'dialog', { fullPage: false });
    await dialog.getByRole('tab', { name: 'Timeline' }).tap();
    await expect(dialog.getByRole('tabpanel').getByRole('listitem')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'leaderboard', 'dialog-timeline', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).tap();

    await page.getByRole('link', { name: 'Back to Dashboard' }).tap();
    await expect(page).toHaveURL(/\/dashboard$/);
    const badge = page.getByTitle('Your leaderboard rank');
    await expect(badge).toHaveText(/^Leaderboard rank #\d+$/);
    const header = await page.getByRole('banner').boundingBox();
    const profile = await page.getByRole('button', { name: 'Account menu' }).boundingBox();
    expect(header && profile && profile.x + profile.width <= header.width).toBe(true);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'leaderboard', 'dashboard-header', { fullPage: false });
  },
);
