// What e2e tests use to reach the running app and the helpers started in e2e/global-setup.ts:
// the app's base URL, the mail the app sent (real SMTP, captured) and the account the fake Google
// signs in next.
//
//   const since = Date.now();
//   await page.getByRole('button', { name: 'Create account' }).click();
//   const mail = await waitForMail('ada@example.com', { since });
//   await page.getByLabel('Code').fill(extractCode(mail));
//
//   await setGoogleAccount({ sub: 'g-1', email: 'ada@example.com', email_verified: true, name: 'Ada' });
//   await page.getByRole('button', { name: /Google/ }).click(); // signs in as Ada, no consent page
import type { CapturedMail } from '../../apps/server/src/testing/smtp.js';
import type { OidcAccount } from '../../apps/server/src/testing/oidc.js';

export { extractCode, extractLink } from '../../apps/server/src/testing/smtp.js';
export type { CapturedMail, OidcAccount };

/** The app under test, e.g. http://127.0.0.1:41234 (also Playwright's `use.baseURL`). */
export const baseURL = process.env.WAYMARKS_E2E_BASE_URL ?? '';

function control(pathAndQuery: string): string {
  const root = process.env.WAYMARKS_E2E_CONTROL_URL;
  if (!root) throw new Error('WAYMARKS_E2E_CONTROL_URL is not set: run the tests with `playwright test`');
  return `${root}${pathAndQuery}`;
}

async function check(res: Response, what: string): Promise<Response> {
  if (res.ok) return res;
  const body = await res.text();
  let message = body;
  try {
    message = (JSON.parse(body) as { error?: string }).error ?? body;
  } catch {
    // plain text
  }
  throw new Error(`${what}: ${message}`);
}

/**
 * The first mail to `to` received at or after `since` (a Date.now() value, default 0 = any time),
 * waiting up to `timeoutMs` (default 10 s) for it to arrive.
 */
export async function waitForMail(
  to: string,
  opts: { since?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const query = new URLSearchParams({
    to,
    since: String(opts.since ?? 0),
    timeout: String(opts.timeoutMs ?? 10_000),
  });
  const res = await check(await fetch(control(`/mail?${query}`)), `waitForMail(${to})`);
  return (await res.json()) as CapturedMail;
}

/** Every mail captured so far, oldest first. */
export async function allMail(): Promise<CapturedMail[]> {
  const res = await check(await fetch(control('/mails')), 'allMail()');
  return (await res.json()) as CapturedMail[];
}

/** Forget every captured mail. */
export async function clearMail(): Promise<void> {
  await check(await fetch(control('/mails'), { method: 'DELETE' }), 'clearMail()');
}

/** The account the test OpenID provider ("Google") logs in on the next sign-in, without any prompt. */
export async function setGoogleAccount(account: OidcAccount): Promise<void> {
  await check(
    await fetch(control('/oidc/account'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    }),
    'setGoogleAccount()',
  );
}

/** The test OpenID provider's issuer and client id (the app is configured with them). */
export async function googleProvider(): Promise<{ issuer: string; clientId: string }> {
  const res = await check(await fetch(control('/oidc')), 'googleProvider()');
  return (await res.json()) as { issuer: string; clientId: string };
}

/** A confirmed account on a plan, made with the admin CLI (no sign-up mail). */
export async function createAccount(account: {
  email: string;
  password: string;
  name: string;
  tier: 'free' | 'basic' | 'standard' | 'plus' | 'pro';
}): Promise<void> {
  await check(
    await fetch(control('/accounts'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    }),
    'createAccount()',
  );
}
