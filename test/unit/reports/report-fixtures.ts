import type { ReportJob } from '#functions/reports/domain/report-job';

export const REPORT_ID = '5b0c2f9e-4d1a-4c59-9f3e-0a6f1e2d3c4b';

/** A job of customer 2 for the first quarter of 2025, still IN_PROGRESS unless `over` says otherwise. */
export const reportJob = (over: Partial<ReportJob> = {}): ReportJob => ({
  id: REPORT_ID,
  ownerId: 2,
  allCustomers: false,
  startDate: '2025-01-01',
  endDate: '2025-03-31',
  status: 'IN_PROGRESS',
  notification: 'NONE',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...over,
});
