// A test object whose journeys run against a server of their own: one server process per Playwright worker,
// started the first time a test asks for it, on a fresh SQLite data directory. For specs that read what all
// travellers share (the leaderboard's ranks and totals), which journeys in another worker would change.
// `page.goto('/x')` and `request.post('/api/…')` reach this server: the fixture sets baseURL to it.
import { test as base } from '@playwright/test';
import { startServerProcess, type ServerProcess } from './server-process.js';

export const test = base.extend<object, { ownServer: ServerProcess }>({
  ownServer: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServerProcess({});
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

export { expect } from '@playwright/test';
