/**
 * The SDK floor (bench/floors/sdk-floor.ts) with the report download route's S3 access
 * (functions/reports/store/s3-report-reader.ts: a pre-signer and `fetch`, the route has no S3
 * client): the floor of `GET /orders/reports/{report_id}`.
 */
import { s3ReportReader } from '#functions/contracts/floor-parts/report-reader-floor-parts';
import { floorHandler } from './sdk-floor';

export const handler = floorHandler((request) => {
  if (!('readReport' in request)) return undefined;
  return s3ReportReader.get(request.readReport.reportId).then((pdf) => pdf?.byteLength);
});
