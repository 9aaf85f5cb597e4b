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
 */
import type { SQSRecord } from 'aws-lambda';

export const SANDBOX_FAULTS_ENV = 'SANDBOX_FAULTS';

type Times = number | 'always';

export interface FaultInjector {
  /** Whether this record fails on this delivery, unseen by the function. */
  fails(record: SQSRecord): boolean;
  /** Whether the invocation of these records fails after the function returned. */
  crashes(records: readonly SQSRecord[]): boolean;
  /** One line for the sandbox's banner. */
  readonly summary: string;
}

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

const parseTimes = (rules: unknown, kind: string): Map<number, Times> => {
  if (rules === undefined) return new Map();
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    throw new Error(`${SANDBOX_FAULTS_ENV}.${kind} must be an object of order ids`);
  }
  return new Map(
    Object.entries(rules).map(([orderId, times]) => {
      const id = Number(orderId);
      const valid = times === 'always' || (Number.isInteger(times) && (times as number) > 0);
      if (!Number.isInteger(id) || !valid) {
        throw new Error(
          `${SANDBOX_FAULTS_ENV}.${kind}: "${orderId}" must be an order id, with a count of deliveries or "always"`,
        );
      }
      return [id, times as Times];
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
    throw new Error(`${SANDBOX_FAULTS_ENV} must be a JSON object with "fail" and/or "crash"`);
  }
  const { fail, crash, ...unknown } = spec as { fail?: unknown; crash?: unknown };
  if (Object.keys(unknown).length > 0) {
    throw new Error(`${SANDBOX_FAULTS_ENV} has unknown keys: ${Object.keys(unknown).join(', ')}`);
  }
  const failRules = parseTimes(fail, 'fail');
  const crashRules = parseTimes(crash, 'crash');
  const describe = (rules: Map<number, Times>) =>
    [...rules].map(([id, times]) => `order ${id} ${times === 'always' ? 'always' : `×${times}`}`).join(', ');
  return {
    fails: (record) => applies(failRules, record),
    crashes: (records) => records.some((record) => applies(crashRules, record)),
    summary: [
      failRules.size ? `fail ${describe(failRules)}` : '',
      crashRules.size ? `crash ${describe(crashRules)}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}
