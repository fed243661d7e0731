import type { ReportRequest, ReportResponse } from '@waymarks/shared';
import { publicApi } from '../../../lib/api';

export type SubmitReport = (report: ReportRequest) => Promise<ReportResponse>;

/** POST /api/reports: stores the report, e-mails the support address, answers the report's ID. */
export const submitReport: SubmitReport = (report) => publicApi('submitReport', { body: report });
