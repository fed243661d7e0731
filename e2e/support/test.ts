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

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    testsInThisWorker += 1;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': addressOf(testInfo.workerIndex, testsInThisWorker) });
  },
});
