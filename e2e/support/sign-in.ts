// Two ways into a signed-in page. `signInThrough` is the person's way: the guard sends the browser to
// /signin, the form is filled in, and the guard brings the traveller back to the page asked for.
// `openSignedIn` is for journeys about something else: the sign-in is made through the API from the page's
// own browser context, so the browser holds the same HttpOnly refresh cookie the form would have left, and
// the app restores the session from it on load (the access token lives only in the page's memory). Each
// call starts a new session: a refresh token is rotated on use and a replayed one ends its session, so a
// saved storageState could not be shared between tests.
import { expect, type Page } from '@playwright/test';
import { extractCode, type MailContent } from '../../apps/server/src/testing/smtp.js';

const pathPattern = (path: string) => new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`);

export async function signInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(pathPattern(path));
}

/**
 * Signs up through the form as a new traveller does: name, e-mail and password, then the code from the
 * mail `codeMail` answers (the first sent to the address after `since`), and lands on the dashboard.
 */
export async function signUpThroughForm(
  page: Page,
  traveller: { name: string; email: string; password: string },
  codeMail: (since: number) => Promise<MailContent>,
) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(traveller.name);
  await page.getByLabel('Email').fill(traveller.email);
  await page.getByLabel('Password', { exact: true }).fill(traveller.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(traveller.password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByLabel('Verification code').fill(extractCode(await codeMail(since)));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the API in the page's browser context; answers the access token for API set-up.
 * `origin` is for a server of a spec's own (default: the one of the global setup).
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  password: string,
  origin = '',
): Promise<string> {
  const signIn = await page.request.post(`${origin}/api/auth/signin`, { data: { email, password } });
  expect(signIn.status()).toBe(200);
  return ((await signIn.json()) as { accessToken: string }).accessToken;
}

/** Opens `path` as a traveller who signed in earlier in this browser (see above). */
export async function openSignedIn(page: Page, path: string, email: string, password: string) {
  await signInThroughApi(page, email, password);
  await page.goto(path);
  await expect(page).toHaveURL(pathPattern(path));
}

/**
 * Signs out from the dashboard's header: its own button on a desktop, the profile picture's menu on a phone
 * (decision 088); then the sign-in page.
 */
export async function signOutFromDashboard(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Sign Out' });
  if (await button.isVisible()) {
    await button.click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
  await expect(page).toHaveURL(/\/signin$/);
}
