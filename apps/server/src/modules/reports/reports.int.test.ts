import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ID_PATTERN, REPORT_MESSAGES, MESSAGES } from '@waymarks/shared';
import { startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';
import { REPORT_FLOOD_MESSAGE, newReportId } from './reports.service.js';

const SUPPORT = 'moderation@waymarks.test';

describe('report ids', () => {
  it('are 9 characters of upper-case base 36 and do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newReportId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(REPORT_ID_PATTERN);
  });
});

describe.each(testDialects())('content reports on %s', (dialect) => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect, { SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => t?.close());

  const valid = {
    contentType: 'photo',
    contentLocation: 'https://waymarks.test/pins/123',
    description: 'This photo shows a private home address.',
    reporterEmail: 'Reporter@Example.com',
    urgency: 'high',
  };
  const submit = (payload: unknown, ip = `192.0.2.${++address}`) =>
    t.app.inject({ method: 'POST', url: '/api/reports', payload: payload as object, remoteAddress: ip });
  const countReports = async () =>
    Number(
      (
        await t.db
          .selectFrom('content_reports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the report, answers its id and e-mails the support address', async () => {
    const since = Date.now();
    const res = await submit(valid);
    expect(res.statusCode).toBe(201);
    const { reportId } = res.json();
    expect(reportId).toMatch(REPORT_ID_PATTERN);

    const row = await t.db
      .selectFrom('content_reports')
      .selectAll()
      .where('report_id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      content_type: 'photo',
      content_location: valid.contentLocation,
      description: valid.description,
      reporter_email: 'reporter@example.com',
      urgency: 'high',
      status: 'open',
    });

    const mail = await t.mail.waitForMail(SUPPORT, { since });
    expect(mail.subject).toBe(`[URGENT] Content report #${reportId}: Photo, high`);
    expect(mail.text).toContain(valid.description);
    expect(mail.text).toContain('Illegal or harmful content');
  });

  it('takes medium urgency and no e-mail when they are left out', async () => {
    const res = await submit({
      contentType: 'other',
      contentLocation: 'user 42',
      description: 'Spam',
      reporterEmail: '',
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('content_reports')
      .selectAll()
      .where('report_id', '=', res.json().reportId)
      .executeTakeFirstOrThrow();
    expect(row.urgency).toBe('medium');
    expect(row.reporter_email).toBeNull();
  });

  it('keeps HTML in a description as text and escapes it in the e-mail', async () => {
    const since = Date.now();
    const description = '<img src=x onerror=alert(1)> and <script>steal()</script>';
    const res = await submit({ ...valid, urgency: 'low', description });
    const mail = await t.mail.waitForMail(SUPPORT, { since });
    expect(mail.subject).toBe(`Content report #${res.json().reportId}: Photo, low`);
    expect(mail.text).toContain(description);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it.each([
    ['no content type', { ...valid, contentType: undefined }, REPORT_MESSAGES.contentTypeRequired],
    [
      'the empty content type of the placeholder option',
      { ...valid, contentType: '' },
      REPORT_MESSAGES.contentTypeRequired,
    ],
    ['an unknown content type', { ...valid, contentType: 'weapon' }, REPORT_MESSAGES.contentTypeRequired],
    ['no content location', { ...valid, contentLocation: '   ' }, REPORT_MESSAGES.contentLocationRequired],
    ['no description', { ...valid, description: '' }, REPORT_MESSAGES.descriptionRequired],
    ['an unknown urgency', { ...valid, urgency: 'urgent' }, REPORT_MESSAGES.urgencyInvalid],
    ['a malformed e-mail', { ...valid, reporterEmail: 'not-an-email' }, MESSAGES.emailInvalid],
    [
      'a 10,000-character description',
      { ...valid, description: 'x'.repeat(10_000) },
      REPORT_MESSAGES.descriptionTooLong,
    ],
    [
      'a 3,000-character location',
      { ...valid, contentLocation: 'y'.repeat(3000) },
      REPORT_MESSAGES.contentLocationTooLong,
    ],
    ['an unknown field', { ...valid, reporterName: 'Eve' }, 'reporterName'],
  ])('refuses %s with a clear message and stores nothing', async (_what, payload, message) => {
    const before = await countReports();
    const res = await submit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toContain(message);
    expect(await countReports()).toBe(before);
  });

  it('refuses a flood from one address with 429 and stores nothing more', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++) expect((await submit(valid, ip)).statusCode).toBe(201);
    const before = await countReports();
    const res = await submit(valid, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({ code: 'RATE_LIMITED', message: REPORT_FLOOD_MESSAGE });
    expect(await countReports()).toBe(before);
    expect((await submit(valid, '198.51.100.8')).statusCode).toBe(201);
  });

  // Within the per-route cap of 30 requests a minute, so the flood limit alone decides.
  const PARALLEL = 25;
  const statuses = (answers: { statusCode: number }[]) =>
    answers.map((res) => res.statusCode).sort((a, b) => a - b);

  it('stores exactly ten of 25 reports sent at once from one address and refuses the rest with 429', async () => {
    const before = await countReports();
    const burst = await Promise.all(Array.from({ length: PARALLEL }, () => submit(valid, '198.51.100.20')));
    expect(statuses(burst)).toEqual([...Array(10).fill(201), ...Array(PARALLEL - 10).fill(429)]);
    expect(await countReports()).toBe(before + 10);
  });

  it('counts reports from every address of one IPv6 /64 as one client', async () => {
    const before = await countReports();
    const burst = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => submit(valid, `2001:db8:42:7::${(i + 1).toString(16)}`)),
    );
    expect(statuses(burst)).toEqual([...Array(10).fill(201), ...Array(PARALLEL - 10).fill(429)]);
    expect(await countReports()).toBe(before + 10);
    const sameNetwork = await submit(valid, '2001:db8:42:7:ffff::9');
    expect(sameNetwork.json().error).toEqual({ code: 'RATE_LIMITED', message: REPORT_FLOOD_MESSAGE });
    expect((await submit(valid, '2001:db8:42:8::1')).statusCode).toBe(201);
    // An IPv4 peer seen through a dual-stack socket is its IPv4 address.
    expect((await submit(valid, '::ffff:198.51.100.20')).json().error.message).toBe(REPORT_FLOOD_MESSAGE);
  });
});
