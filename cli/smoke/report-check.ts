import { type Answer, retryAfterMs } from './api-client';
import { type CheckContext, seconds, sleep, type Writer } from './check-context';
import { CheckFailed } from './checks';

/**
 * One day long before any order (an administrator's report reads every customer's orders of
 * the period; this one reads none), so the report is small whoever asks.
 */
const PERIOD = { start_date: '2000-01-01', end_date: '2000-01-01' } as const;

const REPORT_WAIT_MS = 180_000;

interface ReportStatus {
  readonly id: string;
  readonly status: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  readonly error?: { readonly code: string; readonly message: string };
}

/** The wait a status answer asks for, in ms: its Retry-After (1–10 s), else 2 s. */
const pollMs = (answer: Answer): number => {
  const asked = retryAfterMs(answer, 10_000);
  return asked === undefined || asked < 1000 ? 2000 : Math.floor(asked / 1000) * 1000;
};

/**
 * A report to its PDF (docs/api.md, Reports): POST, follow the status URL at the pace its
 * Retry-After asks until the 303, download the report (inline, or through the 302's pre-signed
 * URL), and check it is a PDF. The job and the PDF are removed at the end of the run.
 */
export async function reportCheck(
  { api, checks, cleanup }: CheckContext,
  writer: Writer | undefined,
  skip: string | undefined,
): Promise<void> {
  await checks.runWith(
    'report: POST /orders/reports, to its PDF',
    writer,
    skip,
    async ({ caller, store }) => {
      const asked = await api.call({
        method: 'POST',
        operation: '/orders/reports',
        body: PERIOD,
        token: caller.token,
        expect: [202],
      });
      const { id } = asked.json as ReportStatus;
      cleanup.add(`report ${id} and its PDF`, () => store.removeReport(id));
      const started = Date.now();
      const statusPath = api.ownPath(asked);
      let wait = pollMs(asked);
      let reportPath: string | undefined;
      while (!reportPath) {
        if (Date.now() - started > REPORT_WAIT_MS) {
          throw new CheckFailed(
            `report ${id} is still IN_PROGRESS after ${seconds(REPORT_WAIT_MS)}: is its workflow running?`,
          );
        }
        await sleep(wait);
        const status = await api.call({
          method: 'GET',
          operation: '/orders/reports/status/{report_id}',
          path: statusPath,
          token: caller.token,
          expect: [200, 303],
        });
        if (status.status === 303) {
          reportPath = api.ownPath(status);
          break;
        }
        const body = status.json as ReportStatus;
        if (body.status === 'FAILED') {
          throw new CheckFailed(
            `report ${id} ended FAILED (${body.error?.code ?? 'no code'}: ${body.error?.message ?? 'no message'})`,
          );
        }
        wait = pollMs(status);
      }
      const report = await api.call({
        method: 'GET',
        operation: '/orders/reports/{report_id}',
        path: reportPath,
        token: caller.token,
        expect: [200, 302],
      });
      const pdf = report.status === 302 ? await api.download(report.headers.get('location') ?? '') : report;
      if (pdf.status !== 200) throw new CheckFailed(`the pre-signed download answered ${pdf.status}`);
      if (pdf.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new CheckFailed(`the report of ${id} is not a PDF (it does not start with %PDF-)`);
      }
      return `202, ready in ${seconds(Date.now() - started)}, a PDF of ${pdf.bytes.length} bytes`;
    },
  );
}
