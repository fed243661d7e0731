// The 'Submit Report' card of /illegal-content (SPEC.md §2, §4 and §5, Report form). The report is sent to
// POST /api/reports; only an answer carrying a valid report ID shows 'Report Submitted'. Any failure shows
// an error banner and keeps what the reporter typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CircleCheck } from 'lucide-react';
import {
  DEFAULT_REPORT_URGENCY,
  REPORT_CONTENT_TYPE_LABELS,
  REPORT_CONTENT_TYPES,
  REPORT_ID_PATTERN,
  REPORT_URGENCIES,
  REPORT_URGENCY_DESCRIPTIONS,
  type ReportContentType,
  type ReportUrgency,
} from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { Select } from '../../../components/ui/Select';
import { Textarea } from '../../../components/ui/Textarea';
import { describeError } from '../../../lib/api';
import { showFieldErrors } from '../../../lib/focus';
import { submitReport as postReport, type SubmitReport } from './api';
import {
  toReportRequest,
  validateReport,
  type ReportErrors,
  type ReportField,
  type ReportValues,
} from './validate';

export const REPORT_SUBMITTED_MESSAGE =
  'Thank you for helping us maintain a safe platform. We will review your report and take appropriate action within 24-48 hours.';
export const REPORT_FAILED = 'Your report could not be submitted. Please try again.';
export const REPORT_UNREACHABLE =
  'Your report could not be sent. Please check your connection and try again.';

const EMPTY: ReportValues = {
  contentType: '',
  contentLocation: '',
  description: '',
  reporterEmail: '',
  urgency: DEFAULT_REPORT_URGENCY,
};

const URGENCY_OPTIONS = REPORT_URGENCIES.map((urgency) => ({
  value: urgency,
  label: urgency.charAt(0).toUpperCase() + urgency.slice(1),
  description: REPORT_URGENCY_DESCRIPTIONS[urgency],
}));

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-danger-700">
      *
    </span>
  );
}

function Submitted({ reportId }: { reportId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The view replaces the form: move focus to its heading so the change is announced.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-success-50 text-success-700 ring-8 ring-success-50/50">
        <CircleCheck aria-hidden="true" className="size-9" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 text-2xl font-bold tracking-tight text-slate-900 outline-none"
      >
        Report Submitted
      </h2>
      <p className="mt-3 max-w-md text-pretty leading-relaxed text-slate-600">{REPORT_SUBMITTED_MESSAGE}</p>
      <div className="mt-8 w-full max-w-xs rounded-control border border-slate-200 bg-slate-50 px-5 py-4">
        <p className="text-sm font-medium text-slate-600">Report ID</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest text-slate-900">#{reportId}</p>
        <p className="mt-1 text-sm text-slate-600">Save this ID for your records</p>
      </div>
    </div>
  );
}

export function ReportForm({ submit = postReport }: { submit?: SubmitReport }) {
  const [values, setValues] = useState<ReportValues>(EMPTY);
  const [errors, setErrors] = useState<ReportErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [reportId, setReportId] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function edit<K extends keyof ReportValues>(field: K, value: ReportValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'urgency') setErrors(({ [field as ReportField]: _cleared, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateReport(values);
    if (Object.keys(found).length > 0) {
      // The first invalid field takes focus, so its label and message are read together.
      showFieldErrors(formRef.current, () => setErrors(found));
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const response = await submit(toReportRequest(values));
      const id = response?.reportId;
      if (typeof id !== 'string' || !REPORT_ID_PATTERN.test(id)) throw new Error('No report ID returned');
      setReportId(id);
    } catch (error) {
      setFailure(describeError(error, REPORT_FAILED, REPORT_UNREACHABLE));
    } finally {
      setSubmitting(false);
    }
  }

  if (reportId) return <Submitted reportId={reportId} />;

  return (
    <>
      <h2 className="text-title font-semibold text-slate-900">Submit Report</h2>
      <p className="mt-1 text-sm text-slate-600">
        Fields marked <span className="font-semibold text-danger-700">*</span> are required.
      </p>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="mt-6 flex flex-col gap-5">
        <Select
          label={
            <>
              Content Type
              <RequiredMark />
            </>
          }
          name="contentType"
          required
          value={values.contentType}
          onChange={(event) => edit('contentType', event.target.value as ReportContentType | '')}
          error={errors.contentType}
        >
          <option value="">Select content type</option>
          {REPORT_CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {REPORT_CONTENT_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
        <Input
          label={
            <>
              Content Location/URL
              <RequiredMark />
            </>
          }
          name="contentLocation"
          required
          placeholder="A link, a user ID, or where to find it"
          value={values.contentLocation}
          onChange={(event) => edit('contentLocation', event.target.value)}
          error={errors.contentLocation}
        />
        <Textarea
          label={
            <>
              Description
              <RequiredMark />
            </>
          }
          name="description"
          required
          rows={4}
          placeholder="What is wrong with this content?"
          value={values.description}
          onChange={(event) => edit('description', event.target.value)}
          error={errors.description}
        />
        <Input
          label={
            <>
              Your Email <span className="font-normal text-slate-600">(optional)</span>
            </>
          }
          type="email"
          name="reporterEmail"
          autoComplete="email"
          hint="Only if you would like us to follow up with you."
          value={values.reporterEmail}
          onChange={(event) => edit('reporterEmail', event.target.value)}
          error={errors.reporterEmail}
        />
        <RadioGroup<ReportUrgency>
          legend="Urgency"
          name="urgency"
          columns={2}
          value={values.urgency}
          options={URGENCY_OPTIONS}
          onChange={(urgency) => edit('urgency', urgency)}
        />
        {/* Next to the button the reporter just pressed, so it is seen on a phone too. */}
        {failure && <Alert tone="error">{failure}</Alert>}
        <Button type="submit" busy={submitting} fullWidth size="lg" className="mt-1">
          {submitting ? 'Submitting Report...' : 'Submit Report'}
        </Button>
      </form>
    </>
  );
}
