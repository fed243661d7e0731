// Plans paid through Stripe in a real browser: a server process of its own with Stripe configured, against
// the fake Stripe API (apps/server/src/testing/stripe-fake.ts), whose hosted checkout and portal pages the
// browser goes through and whose signed events reach the server's webhook over HTTP. The traveller goes
// from free to a trial, the trial turns into a paid period, a downgrade is scheduled for the end of it
// and then applied; the portal link returns to /profile. Set WAYMARKS_SHOTS_DIR to keep screenshots.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { startFakeStripe, type FakeStripe } from '../apps/server/src/testing/stripe-fake.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

const PASSWORD = 'Trail-mix-2024';

let fake: FakeStripe;
let server: ServerProcess;

test.beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServerProcess(fake.env());
  fake.setWebhookUrl(`${server.baseURL}/api/billing/webhook`);
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const planSection = (page: Page) => page.getByRole('region', { name: 'Your plan' });

function planItem(page: Page, name: string) {
  return page
    .getByRole('dialog', { name: 'Choose your plan' })
    .getByRole('list', { name: 'Plans' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
}

/**
 * Back from the other site's page, headless Chromium on a busy machine has been seen to draw no frame
 * for seconds, holding back what React runs after a frame (the URL's replacement, the queries of the
 * page's parts) until something asks for one. A visible tab draws; here the page is brought to the front
 * and a frame asked for.
 */
async function drawFrame(page: Page) {
  await page.waitForURL(new RegExp(`^${server.baseURL}/`));
  await page.bringToFront();
  await page.screenshot();
}

test('free → trial → paid → downgrade scheduled → applied, through Stripe Checkout and webhooks @phone', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = `stripe-${testInfo.project.name}-${Date.now()}@example.com`;
  await server.admin(['create-user', email, PASSWORD, '--tier', 'free', '--name', 'Paula Stripe']);

  await page.goto(`${server.baseURL}/profile`);
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(planSection(page)).toContainText('Wanderer');
  await expect(planSection(page)).not.toContainText('Billing is not configured');

  // Free → Explorer: the chooser promises the trial, and Checkout takes over.
  await planSection(page).getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toContainText('7-day free trial');
  await screenshot(page, 'billing', 'chooser-trial', { fullPage: false });
  await planItem(page, 'Explorer').getByRole('button', { name: 'Upgrade Now: Explorer' }).click();
  await page.getByRole('button', { name: 'Confirm upgrade to Explorer' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/`));
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('7 day free trial')).toBeVisible();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await drawFrame(page);

  // Back on /profile: the webhook has moved the account to the trial.
  await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/profile$`));
  await expect(page.getByText('Payment successful! Your subscription has been updated.')).toBeVisible();
  await expect(planSection(page)).toContainText('Explorer');
  await expect(planSection(page)).toContainText('Free trial ends on');
  await expect(planSection(page).getByRole('button', { name: 'Change Plan' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'billing', 'trial');
  expect(await axeViolations(page)).toEqual([]);

  // The trial ends and the first period is paid.
  const subscription = [...fake.subscriptions.values()].at(-1)!;
  await fake.renew(subscription.id);
  await page.reload();
  await expect(planSection(page)).toContainText('Explorer');
  await expect(planSection(page)).toContainText('Renews on');
  await expect(planSection(page)).not.toContainText('Free trial ends on');

  // Explorer → Adventurer waits for the end of the paid period, as its confirmation says.
  await planSection(page).getByRole('button', { name: 'Change Plan' }).click();
  await planItem(page, 'Adventurer').getByRole('button', { name: 'Downgrade: Adventurer' }).click();
  const confirmation = page.getByRole('region', { name: 'Downgrade to Adventurer?' });
  await expect(confirmation.getByRole('list', { name: 'What you lose' })).toContainText('Global leaderboard');
  await expect(confirmation).toContainText(
    'at the end of your billing period. Until then you keep Explorer.',
  );
  await expect(confirmation).toContainText('Your pins, photos and videos are kept.');
  await confirmation.getByRole('button', { name: 'Confirm downgrade to Adventurer' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toBeHidden();
  await expect(planSection(page)).toContainText('Changing to Adventurer');
  await expect(planSection(page)).toContainText('Explorer');
  await expect(planSection(page).getByRole('button', { name: 'Modify Change' })).toBeVisible();
  await screenshot(page, 'billing', 'downgrade-scheduled');

  // The period ends: Stripe bills the next one at Adventurer's price, and the plan follows.
  await fake.renew(subscription.id);
  expect(fake.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe(fake.prices.basic);
  await page.reload();
  await expect(planSection(page)).toContainText('Adventurer');
  await expect(planSection(page)).not.toContainText('Changing to');
  await expect(planSection(page).getByRole('button', { name: 'Change Plan' })).toBeVisible();

  // Manage billing opens the portal, which comes back to /profile.
  await planSection(page).getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/portal/`));
  await page.getByRole('link', { name: 'Return' }).click();
  await drawFrame(page);
  await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/profile$`));
  await screenshot(page, 'billing', 'applied');
});
