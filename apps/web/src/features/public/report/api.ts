import type { ReportRequest, ReportResponse } from '@waymarks/shared';
import { publicRequest } from '../../../lib/api';

export type SubmitReport = (report: ReportRequest) => Promise<ReportResponse>;

/** POST /api/reports: stores the report, e-mails the support address, answers the report's ID. */
export const submitReport: SubmitReport = (report) =>
  publicRequest<ReportResponse>('/reports', { method: 'POST', body: report });
