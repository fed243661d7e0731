// /profile in a real browser against the real server in local billing mode (the e2e server has no Stripe
// keys): the profile loads with its figures and no word of the server's billing configuration, the username
// and the leaderboard switch save, a plan change asks for confirmation, applies at once and the dashboard's
// locks follow without a reload, the export downloads a ZIP, and the
// account is deleted once its e-mail and its password are typed, after which a mail confirms it. Set
// WAYMARKS_SHOTS_DIR to keep screenshots.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount, waitForMail } from './support/harness.js';
import { createPins } from './support/pins.js';
import { signInThroughApi } from './support/sign-in.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++sequence}@example.com`;

/** A new free account with one pin in Portugal, signed in in the page's browser; answers its e-mail. */
async function freeTraveller(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('profile');
  await createAccount({ email, password: PASSWORD, name, tier: 'free' });
  await createPins(page.request, await signInThroughApi(page, email, PASSWORD), [
    { title: 'Lisbon', lat: 38.7223, lng: -9.1393, visitDate: '2024-05-02' },
  ]);
  return email;
}

const planSection = (page: Page) => page.getByRole('region', { name: 'Your plan' });

test('the profile saves the username and the opt-in, and a plan change applies at once everywhere @phone', async ({
  page,
}) => {
  test.slow();
  await freeTraveller(page, 'Ines Duarte');
  await page.goto('/profile');

  await expect(page.getByRole('heading', { name: 'Profile & Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Customize Avatar' })).toBeEnabled();
  await expect(planSection(page)).toContainText('Wanderer');
  await expect(planSection(page)).toContainText('0 GB / 1 GB used');
  await expect(planSection(page)).toContainText('1 / 10 pins used');
  await expect(planSection(page)).not.toContainText(/server|configured/i);
  await expect(page.getByRole('list', { name: 'Your figures' }).getByRole('listitem')).toHaveText([
    '1Countries',
    '1Pins',
    '0Media',
  ]);
  await expect(page.getByRole('region', { name: 'Countries breakdown' })).toContainText('Portugal');

  // The username: trimmed and saved.
  // Unique per run: each project (desktop, phone) signs up its own traveller on the same server.
  const chosen = `ines_${Date.now().toString(36)}`;
  const username = page.getByLabel('Username');
  await username.fill(`  ${chosen}  `);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Username updated successfully!' })).toBeVisible();
  await expect(username).toHaveValue(chosen);

  // A new account is off the leaderboard; the switch puts it on.
  const optIn = page.getByRole('switch', { name: 'Show me on the leaderboard' });
  await expect(optIn).toHaveAttribute('aria-checked', 'false');
  await optIn.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You will now appear on the leaderboard!' }),
  ).toBeVisible();
  await expect(optIn).toHaveAttribute('aria-checked', 'true');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'profile', 'loaded');
  expect(await axeViolations(page)).toEqual([]);

  // The chooser: each button names its plan; Explorer asks for confirmation, then applies at once in
  // local billing.
  await planSection(page).getByRole('button', { name: 'Upgrade Plan' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose your plan' });
  await expect(chooser).not.toContainText(/server|configured/i);
  await expect(chooser.getByRole('button', { name: 'Current Plan: Wanderer' })).toBeDisabled();
  await expect(chooser.getByRole('button', { name: /^Upgrade Now: / })).toHaveCount(4);
  await screenshot(page, 'profile', 'chooser', { fullPage: false });
  expect(await axeViolations(page)).toEqual([]);
  const upgradeToExplorer = chooser.getByRole('button', { name: 'Upgrade Now: Explorer', exact: true });
  await upgradeToExplorer.click();
  const confirmation = chooser.getByRole('region', { name: 'Upgrade to Explorer?' });
  await expect(confirmation.getByRole('heading', { name: 'Upgrade to Explorer?' })).toBeFocused();
  await expect(confirmation.getByRole('list', { name: 'What you gain' })).toContainText('Global leaderboard');
  await expect(confirmation).toContainText('Your pins, photos and videos are kept.');
  await screenshot(page, 'profile', 'confirm-plan', { fullPage: false });
  expect(await axeViolations(page)).toEqual([]);
  // Back changes nothing and returns to the plan chosen.
  await confirmation.getByRole('button', { name: 'Back' }).click();
  await expect(upgradeToExplorer).toBeFocused();
  await expect(planSection(page)).toContainText('Wanderer');
  await upgradeToExplorer.click();
  await chooser.getByRole('button', { name: 'Confirm upgrade to Explorer' }).click();
  await expect(chooser).toBeHidden();
  await expect(planSection(page)).toContainText('Explorer');
  await expect(planSection(page)).toContainText('0 GB / 100 GB used');
  await expect(planSection(page)).toContainText('1 / 500 pins used');
  await expect(planSection(page).getByRole('button', { name: 'Change Plan' })).toBeVisible();

  // The dashboard follows without a reload: the leaderboard is a link now, not a locked button.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /locked/ })).toHaveCount(0);
});

test('the payment return says so once and the URL becomes /profile; ?tab=subscription lands on the plan', async ({
  page,
}) => {
  await freeTraveller(page, 'Pay Back');
  await page.goto('/profile?payment=cancelled');
  await expect(page.getByText('Payment was cancelled. You can try again anytime.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto('/profile?tab=subscription');
  await expect(planSection(page)).toBeFocused();
});

test('Export my data downloads a ZIP with the profile and the pins', async ({ page }) => {
  await freeTraveller(page, 'Zip Archer');
  await page.goto('/profile');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile(await download.path());
  // A ZIP starts with a local file header; the entry names are stored in clear.
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from('profile.json'))).toBe(true);
  expect(bytes.includes(Buffer.from('pins.geojson'))).toBe(true);
  await expect(page).toHaveURL(/\/profile$/);
});

test('deleting the account waits for its e-mail and password, keeps both when the password is wrong, then signs out and the account is gone @phone', async ({
  page,
  request,
}) => {
  test.slow();
  const email = await freeTraveller(page, 'Del Eted');
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const field = dialog.getByLabel(`Type ${email} to confirm`);
  const password = dialog.getByLabel('Your password');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(dialog.getByRole('button', { name: 'Export my data first' })).toBeVisible();
  await field.fill(`wrong-${email}`);
  await password.fill(PASSWORD);
  await expect(confirm).toBeDisabled();
  await field.fill(email.toUpperCase());
  await password.fill('Not-the-password-1');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'That password is not right. Your account has not been deleted.',
  );
  await expect(field).toHaveValue(email.toUpperCase());
  await expect(password).toHaveValue('Not-the-password-1');
  await screenshot(page, 'profile', 'delete', { fullPage: false });
  expect(await axeViolations(page)).toEqual([]);

  const since = Date.now();
  await password.fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted' })).toBeVisible();
  const goodbye = await waitForMail(email, { since });
  expect(goodbye.subject).toBe('Your Waymarks account has been deleted');
  expect(goodbye.text).not.toContain(PASSWORD);

  const signIn = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
});
