/**
 * The report workflow's contract, shared by the state machine construct (lib/report-workflow.ts),
 * the task functions and the sandbox, which runs the synthesized definition: the names of the
 * states (aws-local-stepfunctions keys its local task handlers and retry overrides by state name),
 * what each task receives and returns, and the error names the state machine retries or catches.
 */

/** Input of an execution, as `POST /orders/reports` starts it. */
export interface ReportExecutionInput {
  readonly reportId: string;
}

export const REPORT_STATES = {
  generate: 'Generate report',
  markCompleted: 'Mark report completed',
  callbackRequested: 'Callback requested?',
  sendCallback: 'Send callback',
  recordNotDelivered: 'Record notification not delivered',
  markFailed: 'Mark report failed',
  done: 'Done',
  failed: 'Report failed',
} as const;

/** What the generate task returns (at `$.report`). */
export interface GeneratedReport {
  readonly bytes: number;
  readonly orders: number;
}

/** Input of the record-state task: which outcome to record, and for a failure the error's name. */
export type RecordReportStateInput =
  | { readonly reportId: string; readonly outcome: 'COMPLETED'; readonly bytes: number }
  | { readonly reportId: string; readonly outcome: 'FAILED'; readonly error?: string }
  | { readonly reportId: string; readonly outcome: 'NOTIFICATION_FAILED'; readonly error?: string };

/** What the record-state task returns (at `$.recorded`): whether a callback is to be sent. */
export interface RecordedReportState {
  readonly callback: boolean;
}

/**
 * Error names thrown by the tasks (a Lambda error's name is its `errorType`, which the state
 * machine matches in `Retry` and `Catch`).
 */
export const REPORT_ERRORS = {
  /** S3 did not take the PDF: worth retrying. */
  storageFailed: 'ReportStorageFailed',
  /** More orders than one report may hold: retrying cannot help. */
  tooLarge: 'ReportTooLarge',
  /** The partner did not answer 2xx in time: the callback is retried with backoff. */
  callbackNotDelivered: 'CallbackNotDelivered',
} as const;

/**
 * The callback's retry policy: attempt 1 at once, then retries after 1, 2, 4, … 128 minutes
 * (9 attempts over 4 h 15 min). The sandbox pauses a few seconds instead (local/reports/sandbox-reports.ts, SANDBOX_CALLBACK_RETRY_MS).
 */
export const CALLBACK_RETRY = { intervalSeconds: 60, backoffRate: 2, maxRetries: 8 } as const;

/** Retries of the generate task when storage fails or Lambda itself errs. */
export const GENERATE_RETRY = { intervalSeconds: 2, backoffRate: 2, maxRetries: 2 } as const;

/**
 * Retries of the generate task when Lambda refuses it for want of concurrency: the generator's
 * reserved concurrency caps how many PDFs are made at once (docs/decisions/report-export.md D51), so a burst of
 * reports waits its turn instead of failing. 5 s, then doubling with jitter, 6 times: about
 * 5 minutes, the time one generation may take.
 */
export const GENERATE_THROTTLED_RETRY = { intervalSeconds: 5, backoffRate: 2, maxRetries: 6 } as const;

/** Per-task timeouts, in seconds: each task's Lambda timeout is the same number. */
export const TASK_TIMEOUTS = { generate: 300, record: 20, callback: 30 } as const;
