/**
 * What the report download floor (bench/floors/report-reader-floor.ts) shares with get-report: its
 * S3 report reader.
 * Each floor has a door of its own: a door re-exporting several clients would bring every client's
 * set-up (a top-level `new …Client`) into each floor's bundle, which bench/bundles.ts measures.
 */
export { s3ReportReader } from '#functions/reports/store/s3-report-reader';
