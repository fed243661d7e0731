// The browser tests' `test`: Playwright's, with each test a traveller's device of its own. The shared server
// trusts the loopback proxy's X-Forwarded-For (TRUST_PROXY=loopback in e2e/global-setup.ts) and limits
// requests per address as it would for one device or household (30 sign-ins or refreshes a minute); a
// worker that runs journey after journey from one address would reach that limit although no traveller
// does. Each test takes the next address of its worker's own block.
import { test as base } from '@playwright/test';

let testsInThisWorker = 0;

/** 10.<worker>.<n ÷ 256>.<n mod 256> for the worker's n-th test: never the same for two tests of a run. */
function addressOf(workerIndex: number, n: number): string {
  return `10.${workerIndex % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

export const test = base.extend<{ closePagesOfPassedTest: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    testsInThisWorker += 1;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': addressOf(testInfo.workerIndex, testsInThisWorker) });
  },
  // With `screenshot: 'only-on-failure'` Playwright pictures every open page of a context as it closes it,
  // in case the test fails later, and throws the picture away when it passed: a screenshot of a map drawn in
  // software at the end of every journey. A failed test's pages are pictured as it fails, before this
  // runs, so closing a passed test's pages first (this is torn down before the context it depends on) only
  // skips the picture nobody keeps.
  closePagesOfPassedTest: [
    async ({ context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) {
        await Promise.all(context.pages().map((page) => page.close()));
      }
    },
    { auto: true },
  ],
});
