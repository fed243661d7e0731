// Changing what a traveller is called and signs in with, on /profile in a real browser against the real
// server, with mail from real SMTP: the display name, then the password (the current one asked for first,
// the old one refused afterwards), then the e-mail address (the code from the mail to the new address; a
// notice in the old inbox); then signing out and in with the new address and password. Set
// WAYMARKS_SHOTS_DIR to keep screenshots.
import { expect, type Locator } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount, extractCode, waitForMail } from './support/harness.js';
import { openSignedIn } from './support/sign-in.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';

const PASSWORD = 'Trail-mix-2024';
const NEW_PASSWORD = 'Summit-view-2025';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++sequence}@example.com`;

/** `<screen>-<name>-<width>.png` of one element in WAYMARKS_SHOTS_DIR, when it is set. */
async function elementShot(element: Locator, name: string) {
  const dir = process.env.WAYMARKS_SHOTS_DIR;
  if (!dir) return;
  const width = element.page().viewportSize()?.width ?? 0;
  await element.screenshot({ path: `${dir}/account-settings-${name}-${width}.png` });
}

test('a traveller changes the name, the password and the e-mail address, then signs in with the new ones @phone', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('settings');
  const newEmail = uniqueEmail('moved');
  await createAccount({ email, password: PASSWORD, name: 'Ada Lovelace', tier: 'free' });
  await openSignedIn(page, '/profile', email, PASSWORD);

  // The display name.
  const details = page.getByRole('region', { name: 'Account details' });
  const name = details.getByLabel('Display name');
  await expect(name).toHaveValue('Ada Lovelace');
  await name.fill('  Ada King  ');
  await details.getByRole('button', { name: 'Save name' }).click();
  await expect(details.getByRole('status').filter({ hasText: 'Name updated successfully!' })).toBeVisible();
  await expect(name).toHaveValue('Ada King');

  const section = page.getByRole('region', { name: 'E-mail and password' });
  await section.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await elementShot(section, 'section');
  expect(await axeViolations(page)).toEqual([]);

  // The password: a wrong current one is said at its field, and changes nothing.
  const passwordForm = section.getByRole('form', { name: 'Change password' });
  const current = passwordForm.getByLabel('Current password', { exact: true });
  await current.fill('Not-the-password-1');
  await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(
    passwordForm.getByText('Your current password is not right. Nothing has been changed.'),
  ).toBeVisible();
  await expect(current).toBeFocused();
  await elementShot(passwordForm, 'wrong-password');

  const passwordSince = Date.now();
  await current.fill(PASSWORD);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('status')).toHaveText(
    'Your password has been changed. Other devices signed in to your account have been signed out.',
  );
  const changed = await waitForMail(email, { since: passwordSince });
  expect(changed.subject).toBe('Your Waymarks password has been changed');
  expect(changed.text).not.toContain(NEW_PASSWORD);
  const oldPassword = await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(oldPassword.status()).toBe(401);

  // The e-mail address: a code to the new address, then the notice in the old inbox.
  const emailForm = section.getByRole('form', { name: 'Change e-mail address' });
  await emailForm.getByLabel('New e-mail address').fill(newEmail);
  await emailForm.getByLabel('Current password', { exact: true }).fill(NEW_PASSWORD);
  const emailSince = Date.now();
  await emailForm.getByRole('button', { name: 'Send code' }).click();
  const code = emailForm.getByLabel('Code from the e-mail');
  await expect(code).toBeFocused();
  await expect(emailForm).toContainText(`We sent a 6-digit code to ${newEmail}`);
  const codeMail = await waitForMail(newEmail, { since: emailSince });
  expect(codeMail.subject).toBe('Confirm your new Waymarks e-mail address');
  expect(codeMail.text.startsWith('Hello Ada,')).toBe(true);
  await elementShot(emailForm, 'code');
  expect(await axeViolations(page)).toEqual([]);

  await code.fill(extractCode(codeMail));
  await emailForm.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(emailForm.getByRole('status')).toHaveText(
    `Your e-mail address is now ${newEmail}. We sent a notice to ${email}.`,
  );
  await expect(details).toContainText(newEmail);
  const notice = await waitForMail(email, { since: emailSince });
  expect(notice.subject).toBe('Your Waymarks e-mail address has been changed');
  expect(notice.text).toContain(newEmail);
  await screenshot(page, 'account-settings', 'done');

  // Signed out, the new address and the new password sign in; the greeting has the new name.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Ada King')).toBeVisible();
});
