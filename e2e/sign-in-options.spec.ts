// Sign-in and sign-up on a server with no Google client configured (a server of this spec's own): the
// traveller is offered only what works there, with no Google button, no 'or' and no word about the
// server's configuration. The shared server of the other specs has a Google client, and its journeys
// (auth.spec.ts) sign in with it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/own-server.js';

for (const [path, heading] of [
  ['/signin', 'Welcome back'],
  ['/signup', 'Create your account'],
] as const) {
  test(
    `${path} on a server without Google sign-in offers the e-mail form alone`,
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
      await expect(page.getByText('or', { exact: true })).toHaveCount(0);
      await expect(page.getByText(/not set up/)).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations).toEqual([]);
    },
  );
}
