/**
 * Fault injection for the sandbox's batch processor, a test hook that lives in the event source
 * mapping emulation, never in function code. Off unless `SANDBOX_FAULTS` is set, to JSON like
 *
 *   {"fail": {"1234": 2, "567": "always"}, "crash": {"89": 1}}
 *
 * Keys are order ids; a rule applies to the queue message (the chunk) that carries that order:
 * - `fail`: on its first N deliveries (by SQS's ApproximateReceiveCount), or on every one with
 *   "always" (a poison message), the message is reported failed without being handed to the
 *   processor, as when the processor fails on it before writing anything. The other messages of
 *   the invocation are processed as usual.
 * - `crash`: on its first N deliveries, the invocation that carries it runs the processor to the
 *   end and then fails as a whole, as when a function times out after its writes: every message
 *   of that invocation comes back, so its work is done twice.
 *
 * The report workflow's tasks (the sandbox's Step Functions, local/stepfunctions/task-invocation.ts) take a
 * `reports` key, whose rules apply to every execution:
 *
 *   {"reports": {"generate": "always", "store": 1, "callback": 3}}
 *
 * - `generate`: the Generate report task fails with `ReportGenerationFailed`, an error its Retry
 *   does not match, so the report ends FAILED (`report_generation_failed`).
 * - `store`: the Generate report task fails with `ReportStorageFailed`, as when S3 refuses the
 *   PDF; its Retry matches that, so `1` or `2` fail attempts the retries then complete.
 * - `callback`: the Send callback task fails with `CallbackNotDelivered` without calling the
 *   partner (and without counting an attempt on the job); "always" runs through every retry
 *   (8 × 4 s) to "Record notification not delivered".
 * A count N fails the first N attempts of that task in each execution, "always" every attempt;
 * the function is not invoked for a failed attempt. `generate` is checked before `store`.
 */
import type { SQSRecord } from 'aws-lambda';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import { type FunctionSpec, reportFunctions } from '#functions/function-registry';

export const SANDBOX_FAULTS_ENV = 'SANDBOX_FAULTS';

type Times = number | 'always';

export interface FaultInjector {
  /** Whether this record fails on this delivery, unseen by the function. */
  fails(record: SQSRecord): boolean;
  /** Whether the invocation of these records fails after the function returned. */
  crashes(records: readonly SQSRecord[]): boolean;
  /**
   * The error attempt `attempt` (1, 2, ...) of a task (today the report workflow's) calling `fn` fails with in one
   * execution, without the function being invoked; undefined to invoke it.
   */
  taskFailure(fn: FunctionSpec, attempt: number): InjectedTaskError | undefined;
  /** One line for the sandbox's banner. */
  readonly summary: string;
}

/** A task error as a Lambda function would raise it: `name` is what Retry and Catch match. */
export interface InjectedTaskError {
  readonly name: string;
  readonly message: string;
}

/** What each `reports` rule fails, and how. */
export const REPORT_FAULTS = {
  generate: {
    fn: reportFunctions.generate,
    error: { name: 'ReportGenerationFailed', message: 'The report could not be generated (SANDBOX_FAULTS)' },
  },
  store: {
    fn: reportFunctions.generate,
    error: { name: REPORT_ERRORS.storageFailed, message: 'The PDF could not be stored (SANDBOX_FAULTS)' },
  },
  callback: {
    fn: reportFunctions.sendCallback,
    error: {
      name: REPORT_ERRORS.callbackNotDelivered,
      message: 'The partner did not accept the callback (SANDBOX_FAULTS)',
    },
  },
} as const satisfies Record<string, { fn: FunctionSpec; error: InjectedTaskError }>;

export type ReportFaultKind = keyof typeof REPORT_FAULTS;

/** The order ids a batch chunk message carries; none for any other body. */
const orderIdsOf = (record: SQSRecord): number[] => {
  try {
    const body = JSON.parse(record.body) as { items?: unknown };
    return Array.isArray(body.items)
      ? body.items.map((item) => (item as { id?: unknown } | null)?.id).filter((id) => typeof id === 'number')
      : [];
  } catch {
    return [];
  }
};

const validTimes = (times: unknown): times is Times =>
  times === 'always' || (Number.isInteger(times) && (times as number) > 0);

const parseTimes = (rules: unknown, kind: string): Map<number, Times> => {
  if (rules === undefined) return new Map();
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    throw new Error(`${SANDBOX_FAULTS_ENV}.${kind} must be an object of order ids`);
  }
  return new Map(
    Object.entries(rules).map(([orderId, times]) => {
      const id = Number(orderId);
      if (!Number.isInteger(id) || !validTimes(times)) {
        throw new Error(
          `${SANDBOX_FAULTS_ENV}.${kind}: "${orderId}" must be an order id, with a count of deliveries or "always"`,
        );
      }
      return [id, times];
    }),
  );
};

const parseReportRules = (rules: unknown): Map<ReportFaultKind, Times> => {
  if (rules === undefined) return new Map();
  const kinds = Object.keys(REPORT_FAULTS).join(', ');
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    throw new Error(`${SANDBOX_FAULTS_ENV}.reports must be an object with any of ${kinds}`);
  }
  return new Map(
    Object.entries(rules).map(([kind, times]) => {
      if (!(kind in REPORT_FAULTS)) {
        throw new Error(`${SANDBOX_FAULTS_ENV}.reports: unknown task "${kind}" (use ${kinds})`);
      }
      if (!validTimes(times)) {
        throw new Error(`${SANDBOX_FAULTS_ENV}.reports.${kind} must be a count of attempts or "always"`);
      }
      return [kind as ReportFaultKind, times];
    }),
  );
};

const applies = (rules: Map<number, Times>, record: SQSRecord): boolean => {
  const delivery = Number(record.attributes.ApproximateReceiveCount);
  return orderIdsOf(record).some((id) => {
    const times = rules.get(id);
    return times === 'always' || (times !== undefined && delivery <= times);
  });
};

/** The injector `SANDBOX_FAULTS` describes, or undefined when it is unset or empty. */
export function parseSandboxFaults(text: string | undefined): FaultInjector | undefined {
  if (!text?.trim()) return undefined;
  let spec: unknown;
  try {
    spec = JSON.parse(text);
  } catch {
    throw new Error(`${SANDBOX_FAULTS_ENV} is not JSON`);
  }
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error(`${SANDBOX_FAULTS_ENV} must be a JSON object with "fail", "crash" and/or "reports"`);
  }
  const { fail, crash, reports, ...unknown } = spec as { fail?: unknown; crash?: unknown; reports?: unknown };
  if (Object.keys(unknown).length > 0) {
    throw new Error(`${SANDBOX_FAULTS_ENV} has unknown keys: ${Object.keys(unknown).join(', ')}`);
  }
  const failRules = parseTimes(fail, 'fail');
  const crashRules = parseTimes(crash, 'crash');
  const reportRules = parseReportRules(reports);
  const describe = (rules: Map<number, Times>) =>
    [...rules].map(([id, times]) => `order ${id} ${times === 'always' ? 'always' : `×${times}`}`).join(', ');
  return {
    fails: (record) => applies(failRules, record),
    crashes: (records) => records.some((record) => applies(crashRules, record)),
    taskFailure: (fn, attempt) => {
      // In REPORT_FAULTS's order, whatever the order of the JSON: generate before store.
      for (const [kind, fault] of Object.entries(REPORT_FAULTS)) {
        const times = reportRules.get(kind as ReportFaultKind);
        if (times === undefined || fault.fn.name !== fn.name) continue;
        if (times === 'always' || attempt <= times) return fault.error;
      }
      return undefined;
    },
    summary: [
      failRules.size ? `fail ${describe(failRules)}` : '',
      crashRules.size ? `crash ${describe(crashRules)}` : '',
      reportRules.size
        ? `reports ${[...reportRules].map(([kind, times]) => `${kind} ${times === 'always' ? 'always' : `×${times}`}`).join(', ')}`
        : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}
