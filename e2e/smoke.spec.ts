import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { baseURL, googleProvider, waitForMail } from './support/harness.js';

test('the home page is served', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Waymarks/);
});

test('the API reports healthy', async ({ request }) => {
  expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

// The Google account the provider signs in next is shared by every worker, so only auth.spec.ts sets it.
test('the mail and Google test helpers answer', async () => {
  const { issuer } = await googleProvider();
  expect(issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expect(waitForMail('nobody@example.com', { timeoutMs: 100 })).rejects.toThrow(/No mail to nobody/);
});
