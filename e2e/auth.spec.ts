// The account system in a real browser against the real server: sign-up with the code from real SMTP,
// sign-in and sign-out, wrong password, password reset, Google sign-in, the guard and unknown paths.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { createAccount, extractLink, setGoogleAccount, waitForMail } from './support/harness.js';
import { axeViolations, expectNoSidewaysScroll, screenshot } from './support/page-checks.js';
import { signOutFromDashboard, signUpThroughForm } from './support/sign-in.js';

const PASSWORD = 'Trail-mix-2024';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++sequence}@example.com`;

/** A confirmed account for the tests about what comes after sign-up (the sign-up itself is the first test's). */
const confirmedAccount = (email: string, name = 'Marco Polo') =>
  createAccount({ email, password: PASSWORD, name, tier: 'free' });

async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test(
  'a new traveller signs up with the e-mailed code and lands on the dashboard, then signs out and in',
  { tag: '@phone' },
  async ({ page }) => {
    const email = uniqueEmail('signup');
    await signUpThroughForm(page, { name: 'Ada Lovelace', email, password: PASSWORD }, (since) =>
      waitForMail(email, { since }),
    );
    await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();

    await signOutFromDashboard(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin$/);

    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();
  },
);

test('sign-up shows the rules of every field before anything is sent', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByLabel('Confirm password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must contain uppercase, lowercase, and number')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
});

test(
  'a wrong password shows the error banner and keeps the traveller on /signin',
  { tag: '@phone' },
  async ({ page }) => {
    const email = uniqueEmail('wrong');
    await confirmedAccount(email);
    await page.goto('/signin');
    await signInThroughForm(page, email, 'Not-the-password1');
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  },
);

test(
  'forgot password: the e-mailed link sets a new password that then signs in',
  { tag: '@phone' },
  async ({ page }) => {
    const email = uniqueEmail('reset');
    await confirmedAccount(email, 'Ibn Battuta');
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset instructions sent to your email!')).toBeVisible();
    // The sign-in form behind the dialog was not submitted with it: no field of it is marked wrong.
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

    const link = new URL(extractLink(await waitForMail(email, { since }), '/reset-password'));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('Fresh-start-99');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh-start-99');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL(/\/signin$/);
    await signInThroughForm(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
    await signInThroughForm(page, email, 'Fresh-start-99');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Ibn Battuta')).toBeVisible();
  },
);

test(
  'Continue with Google signs in through the OpenID provider and lands on the dashboard',
  { tag: '@phone' },
  async ({ page }) => {
    const email = uniqueEmail('google');
    await setGoogleAccount({ sub: `google-${email}`, email, email_verified: true, name: 'Gertrude Bell' });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Gertrude Bell')).toBeVisible();
  },
);

test('a Google login code opened twice fails the second time with the reason and Try Again', async ({
  page,
}) => {
  const email = uniqueEmail('replay');
  await setGoogleAccount({ sub: `google-${email}`, email, email_verified: true, name: 'Replay' });
  const codes: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/oauth/callback' && url.searchParams.get('code'))
      codes.push(url.searchParams.get('code')!);
  });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(codes).toHaveLength(1);

  await page.goto(`/oauth/callback?code=${codes[0]}`);
  await expect(page.getByText('Sign In Failed')).toBeVisible();
  await expect(page.getByText('Authorization code has already been used')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the guard sends a signed-out visitor from /profile to /signin and back after sign-in', async ({
  page,
}) => {
  const email = uniqueEmail('guard');
  await confirmedAccount(email);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/profile$/);
});

test('an unknown path is a real Page not found, answered 404, with the way home or back to the map @phone', async ({
  page,
}) => {
  const response = await page.goto('/no/such/place');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Waymarks');
  await expect(page.getByRole('main')).toContainText('There is no page at /no/such/place.');
  await expect(page).toHaveURL(/\/no\/such\/place$/);
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'not-found', 'visitor', { fullPage: false });
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'Map Your Adventures' })).toBeVisible();

  // Signed in, the way out leads back to the map.
  const email = uniqueEmail('lost');
  await confirmedAccount(email, 'Ida Pfeiffer');
  await page.goto('/signin');
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashbord');
  await page.getByRole('link', { name: 'Back to your map' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/login goes to /signin', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('a signed-in visitor on the home page is sent to the dashboard, and a reload keeps the session', async ({
  page,
}) => {
  const email = uniqueEmail('home');
  await confirmedAccount(email, 'Freya Stark');
  await page.goto('/signin');
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByText('Welcome, Freya Stark')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});
