import { apiErrorOf, retryAfterSeconds } from './api-error.ts';
import type { paths } from './commerce-api-types.ts';
import type { CommerceClient } from './commerce-client.ts';
import { pause, WaitTimeoutError } from './waiting.ts';

/** What the status route answers while a report is made, or when it failed. */
type ReportStatus =
  paths['/orders/reports/status/{report_id}']['get']['responses'][200]['content']['application/json'];

/** A report's PDF. */
export interface ReportPdf {
  readonly id: string;
  readonly pdf: Uint8Array;
  /** From `Content-Disposition` (`orders-report-<start>-to-<end>.pdf`); none on a pre-signed download. */
  readonly fileName: string | undefined;
}

/** The report could not be made: `report_too_large` (ask for a shorter period) or `report_generation_failed` (ask again later). */
export class ReportFailedError extends Error {
  readonly reportId: string;
  readonly code: string;

  constructor(reportId: string, error: { code: string; message: string }) {
    super(error.message);
    this.name = 'ReportFailedError';
    this.reportId = reportId;
    this.code = error.code;
  }
}

/** The answer of `client.POST('/orders/reports', …)`, or a report id alone. */
type Accepted =
  | string
  | { readonly data?: { readonly id: string }; readonly error?: unknown; readonly response: Response };

const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];

/**
 * Follows a report from its 202 to its PDF, as docs/api.md ("Reports") asks a client to: waits
 * `Retry-After` seconds (the 202's, then each status answer's) between calls of the status route,
 * never polls the report itself, and waits as `Retry-After` says on a 429. When the report is
 * ready the status route answers 303 to the report, which fetch follows (same origin: the token
 * goes along), and a report above 4 MiB answers 302 to a pre-signed URL, which fetch follows
 * without the token (another origin), as the API requires. Throws a ReportFailedError when the
 * report failed, an ApiError on an error answer, a WaitTimeoutError after `timeoutMs` (10 minutes
 * by default: a report may wait its turn for about 5, docs/batches-and-reports.md).
 */
export async function downloadReport(
  client: CommerceClient,
  accepted: Accepted,
  options: { readonly timeoutMs?: number; readonly signal?: AbortSignal } = {},
): Promise<ReportPdf> {
  const { timeoutMs = 600_000, signal } = options;
  const until = Date.now() + timeoutMs;
  let id: string;
  let wait = 0;
  if (typeof accepted === 'string') id = accepted;
  else {
    if (accepted.error !== undefined || !accepted.response.ok || !accepted.data)
      throw apiErrorOf(accepted.error, accepted.response);
    id = accepted.data.id;
    wait = retryAfterSeconds(accepted.response) ?? 2;
  }
  for (;;) {
    if (Date.now() + wait * 1000 > until) throw new WaitTimeoutError(`Report ${id} was not ready`, timeoutMs);
    await pause(wait * 1000, signal);
    const { data, error, response } = await client.GET('/orders/reports/status/{report_id}', {
      params: { path: { report_id: id } },
      parseAs: 'arrayBuffer',
      ...(signal ? { signal } : {}),
    });
    if (response.status === 429) {
      wait = retryAfterSeconds(response) ?? 1;
      continue;
    }
    if (error !== undefined || !response.ok || !data) throw apiErrorOf(error, response);
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(response.headers.get('content-type') ?? ''))
      return { id, pdf: new Uint8Array(data), fileName: fileNameOf(response) };
    const status = JSON.parse(new TextDecoder().decode(data)) as ReportStatus;
    if (status.status === 'FAILED')
      throw new ReportFailedError(
        id,
        status.error ?? { code: 'report_failed', message: 'The report failed.' },
      );
    wait = retryAfterSeconds(response) ?? 2;
  }
}
