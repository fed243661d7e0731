import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts[x]) need nothing running; integration tests (*.int.test.ts) use a real database,
// real SMTP and a real OpenID provider. Browser tests live in e2e/ and run under Playwright.
/** Integration suites that mock a module: they run isolated, in a project of their own. */
const MOCKING_INTEGRATION_FILES = ['apps/server/src/testing/contract.int.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          testTimeout: 15_000,
          // Vitest's default leaves one core free, which on a two-core machine is one file at a time, with
          // much of each file's time spent loading modules and the DOM rather than testing.
          maxWorkers: 2,
        },
      },
      {
        // The server's and the shared package's unit tests: plain modules in Node, none replaced by a
        // mock, so a worker keeps what it loaded from one file to the next (as the integration tier does)
        // instead of loading the server's modules again for each file. `npm test` runs both unit projects
        // as one tier.
        test: {
          name: 'unit-server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 15_000,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          exclude: [...MOCKING_INTEGRATION_FILES, '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run side by side: each suite has its own SQLite file or PostgreSQL schema, its own data
          // folder, SMTP capture and ports picked by the system. Three workers keep both cores busy while
          // suites wait on the database, on mail or on the processes they start (142.6 s for the tier
          // against 165.5 s with two, measured on one machine on 29 November 2026).
          maxWorkers: 3,
          // A worker keeps its modules from one file to the next instead of loading the whole server
          // again for each (about 2 s a file), and its files share one gazetteer. Nothing a suite needs
          // lives in a module's state: each builds its own app on its own database.
          isolate: false,
        },
      },
      {
        // The integration suites that replace a module (vi.mock), which only works in a fresh module
        // graph. `npm test` runs them with the others, as one integration tier.
        test: {
          name: 'integration-mocking',
          include: MOCKING_INTEGRATION_FILES,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 3,
        },
      },
    ],
  },
});
