import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { mayRead, reportFileName } from '../domain/report-job';
import { reportPath } from '../reports-http-schemas';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';
import { s3ReportReader } from '../store/s3-report-reader';

/**
 * Above this size a PDF is not sent through Lambda (6 MB response limit, and base64 adds a
 * third): the client is redirected to a short-lived pre-signed S3 URL instead.
 */
export const INLINE_REPORT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * GET /orders/reports/{report_id}: 404 until the PDF exists (and for anyone but its creator and
 * administrators), then the PDF, or a 302 to a pre-signed URL for a large one.
 */
export const handler = httpRoute(
  { auth: true, path: reportPath, cache: 'private' },
  async ({ caller, path }) => {
    const job = await dynamoDbReportJobStore.getJob(path.report_id);
    if (!job || !mayRead(job, caller) || job.status !== 'COMPLETED') throw notFound();
    const fileName = reportFileName(job);
    if ((job.bytes ?? 0) > INLINE_REPORT_MAX_BYTES) {
      return {
        status: 302,
        headers: {
          Location: await s3ReportReader.downloadUrl(job.id, fileName),
          'Cache-Control': 'no-store',
        },
      };
    }
    const pdf = await s3ReportReader.get(job.id);
    // Completed but gone: the bucket's lifecycle rule has expired it.
    if (!pdf) throw notFound();
    return { file: { contentType: 'application/pdf', fileName, data: pdf } };
  },
);
