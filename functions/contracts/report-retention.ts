/**
 * How long a report is kept: the report bucket's lifecycle (lib/report-bucket.ts) expires objects on
 * the same day count as the job items.
 */
export { REPORT_RETENTION_DAYS } from '#functions/reports/domain/report-job';
