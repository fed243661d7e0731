// The app a phone installs: its manifest and icons as the built server sends them, Chromium's own reading of
// the manifest finding it whole, with its share target, and Chromium's installability checks passing.
import { expect } from '@playwright/test';
import { test } from './support/test.js';

test('the manifest and its icons are served, Chromium reads a standalone app starting on the dashboard that takes shared photos, and finds it installable @phone', async ({
  page,
}) => {
  await page.goto('/');
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveAttribute('href', '/manifest.webmanifest');

  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    start_url: string;
    icons: { src: string; type: string }[];
    share_target: unknown;
  };
  expect(manifest.start_url).toBe('/dashboard');
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'media', accept: ['image/*', 'video/*', '.heic', '.heif'] }] },
  });
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect([icon.src, file.status(), file.headers()['content-type']]).toEqual([icon.src, 200, icon.type]);
  }

  // Chromium's own reading of it, as its install prompt reads it: found, parsed without an error, and
  // naming a standalone app that starts on the dashboard with its three icons.
  const cdp = await page.context().newCDPSession(page);
  const read = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: { message: string }[];
    manifest?: {
      display: string;
      startUrl: string;
      icons?: { sizes: string }[];
      shareTarget?: { action: string; method: string };
    };
  };
  expect(read.url).toMatch(/\/manifest\.webmanifest$/);
  expect(read.errors).toEqual([]);
  expect(read.manifest?.display).toBe('kStandalone');
  expect(new URL(read.manifest!.startUrl).pathname).toBe('/dashboard');
  expect(read.manifest?.icons?.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  // The share sheet's target, as Chromium read it: photos and videos posted to the app (e2e/offline.spec.ts).
  expect(read.manifest?.shareTarget?.method).toBe('kPost');
  expect(new URL(read.manifest!.shareTarget!.action).pathname).toBe('/share-target');

  // The checks Chromium runs before it offers to install the app (the ones Lighthouse's installability
  // audit reported): none fails.
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installability.installabilityErrors).toEqual([]);
});
