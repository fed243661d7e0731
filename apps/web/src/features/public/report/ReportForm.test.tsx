// @vitest-environment happy-dom
// The Report Content form: its rules, the submitting state, and that a failure is never shown as success.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  MESSAGES,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  type ReportRequest,
  type ReportResponse,
} from '@waymarks/shared';
import { ApiError } from '../../../lib/api';
import { REPORT_SUBMITTED_MESSAGE, REPORT_UNREACHABLE, ReportForm } from './ReportForm';
import type { SubmitReport } from './api';
import { validateReport, type ReportValues } from './validate';

afterEach(cleanup);

const valid: ReportValues = {
  contentType: 'photo',
  contentLocation: '  https://waymarks.test/pins/12  ',
  description: ' Shows a private home address. ',
  reporterEmail: '',
  urgency: 'medium',
};

describe('validateReport', () => {
  it('accepts a complete report with no e-mail', () => {
    expect(validateReport(valid)).toEqual({});
  });

  it('requires content type, location and description, with the server messages', () => {
    expect(validateReport({ ...valid, contentType: '', contentLocation: '   ', description: '' })).toEqual({
      contentType: REPORT_MESSAGES.contentTypeRequired,
      contentLocation: REPORT_MESSAGES.contentLocationRequired,
      description: REPORT_MESSAGES.descriptionRequired,
    });
  });

  it('refuses over-long texts and a malformed optional e-mail', () => {
    expect(
      validateReport({
        ...valid,
        contentLocation: 'x'.repeat(REPORT_LIMITS.contentLocationMax + 1),
        description: 'y'.repeat(REPORT_LIMITS.descriptionMax + 1),
        reporterEmail: 'not-an-email',
      }),
    ).toEqual({
      contentLocation: REPORT_MESSAGES.contentLocationTooLong,
      description: REPORT_MESSAGES.descriptionTooLong,
      reporterEmail: MESSAGES.emailInvalid,
    });
    expect(validateReport({ ...valid, reporterEmail: 'me@example.com' })).toEqual({});
  });
});

function fill(values: Partial<Record<'type' | 'location' | 'description' | 'email', string>>) {
  if (values.type !== undefined)
    fireEvent.change(screen.getByLabelText(/^Content Type/), { target: { value: values.type } });
  if (values.location !== undefined)
    fireEvent.change(screen.getByLabelText(/^Content Location\/URL/), { target: { value: values.location } });
  if (values.description !== undefined)
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: values.description } });
  if (values.email !== undefined)
    fireEvent.change(screen.getByLabelText(/Your Email/), { target: { value: values.email } });
}

const submitButton = () => screen.getByRole('button', { name: /Submit/ });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ReportForm', () => {
  it('starts with the placeholder content type, medium urgency and the field rules of SPEC.md §5', () => {
    render(<ReportForm submit={vi.fn()} />);
    const select = screen.getByLabelText(/^Content Type/) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.options[0]?.textContent).toBe('Select content type');
    expect(select.required).toBe(true);
    expect((screen.getByLabelText(/^Content Location\/URL/) as HTMLInputElement).required).toBe(true);
    const description = screen.getByLabelText(/^Description/) as HTMLTextAreaElement;
    expect(description.required).toBe(true);
    expect(description.getAttribute('rows')).toBe('4');
    const email = screen.getByLabelText(/Your Email/) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(false);
    expect((screen.getByRole('radio', { name: /Medium/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByRole('group', { name: 'Urgency' }).textContent).not.toContain('*');
    expect(screen.getByText('Immediate danger')).toBeTruthy();
  });

  it('shows each field its message on submit and sends nothing', () => {
    const submit = vi.fn<SubmitReport>();
    render(<ReportForm submit={submit} />);
    fill({ email: 'nope' });
    fireEvent.click(submitButton());
    expect(screen.getByText(REPORT_MESSAGES.contentTypeRequired)).toBeTruthy();
    expect(screen.getByText(REPORT_MESSAGES.contentLocationRequired)).toBeTruthy();
    expect(screen.getByText(REPORT_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Content Type/));
    expect(submit).not.toHaveBeenCalled();

    // Editing a field clears its message only.
    fill({ location: 'user 42' });
    expect(screen.queryByText(REPORT_MESSAGES.contentLocationRequired)).toBeNull();
    expect(screen.getByText(REPORT_MESSAGES.descriptionRequired)).toBeTruthy();
  });

  it("disables the button with 'Submitting Report...' while sending, then shows the server's report ID", async () => {
    const pending = deferred<ReportResponse>();
    const submit = vi.fn<SubmitReport>(() => pending.promise);
    render(<ReportForm submit={submit} />);
    fill({ type: 'location', location: ' user 42 ', description: ' Spam everywhere ' });
    fireEvent.click(screen.getByRole('radio', { name: /Critical/ }));
    fireEvent.click(submitButton());

    const busy = submitButton() as HTMLButtonElement;
    expect(busy.textContent).toBe('Submitting Report...');
    expect(busy.disabled).toBe(true);
    expect(submit).toHaveBeenCalledWith({
      contentType: 'location',
      contentLocation: 'user 42',
      description: 'Spam everywhere',
      urgency: 'critical',
    } satisfies ReportRequest);

    await act(async () => pending.resolve({ reportId: 'K3Z9Q0A7B' }));
    expect(screen.getByRole('heading', { name: 'Report Submitted' })).toBeTruthy();
    expect(screen.getByText(REPORT_SUBMITTED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('#K3Z9Q0A7B')).toBeTruthy();
    expect(screen.getByText('Save this ID for your records')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it.each([
    [
      'a refusal from the server shows its message',
      () =>
        new ApiError(
          429,
          JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many reports. Try again later.' } }),
        ),
      'Too many reports. Try again later.',
    ],
    [
      'a validation error from the server shows its message',
      () =>
        new ApiError(
          400,
          JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'Please enter a valid email' } }),
        ),
      'Please enter a valid email',
    ],
    [
      'a network failure shows the connection message',
      () => new TypeError('Failed to fetch'),
      REPORT_UNREACHABLE,
    ],
  ])('never shows success on an error: %s, and keeps the values', async (_what, makeError, message) => {
    const submit = vi.fn<SubmitReport>(() => Promise.reject(makeError()));
    render(<ReportForm submit={submit} />);
    fill({
      type: 'photo',
      location: 'https://waymarks.test/p/1',
      description: 'Bad',
      email: 'me@example.com',
    });
    await act(async () => fireEvent.click(submitButton()));

    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByText('Report Submitted')).toBeNull();
    expect(screen.queryByText(/^#/)).toBeNull();
    expect((screen.getByLabelText(/^Content Type/) as HTMLSelectElement).value).toBe('photo');
    expect((screen.getByLabelText(/^Content Location\/URL/) as HTMLInputElement).value).toBe(
      'https://waymarks.test/p/1',
    );
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('Bad');
    expect((screen.getByLabelText(/Your Email/) as HTMLInputElement).value).toBe('me@example.com');
    const button = submitButton() as HTMLButtonElement;
    expect(button.textContent).toBe('Submit Report');
    expect(button.disabled).toBe(false);
  });

  it('treats an answer without a valid report ID as a failure', async () => {
    const submit = vi.fn<SubmitReport>(() => Promise.resolve({ reportId: 'not-an-id' }));
    render(<ReportForm submit={submit} />);
    fill({ type: 'other', location: 'x', description: 'y' });
    await act(async () => fireEvent.click(submitButton()));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Report Submitted')).toBeNull();
  });
});
