import { randomUUID } from 'node:crypto';
import { SANDBOX_ACCOUNT, SANDBOX_REGION } from '../sandbox-identity';
import { matchesPattern } from './event-pattern';
import type { SandboxEventRule } from './synthesize-event-rule';

/** PutEvents' limits: entries a call, and bytes of all its entries together. */
export const MAX_ENTRIES = 10;
export const MAX_REQUEST_BYTES = 256 * 1024;

/** A request error, answered as AWS does: 400 with `__type`. */
export class EventsApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PutEventsEntryResult {
  readonly EventId?: string;
  readonly ErrorCode?: string;
  readonly ErrorMessage?: string;
}

/** Where matching events go: the rule's queue, one SQS message each (the rule target's body is the envelope). */
export type EventTarget = (bodies: readonly string[]) => Promise<void>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** EventBridge counts an entry's size as its UTF-8 strings added up. */
const entrySize = (entry: Record<string, unknown>) =>
  ['Source', 'DetailType', 'Detail', 'EventBusName'].reduce(
    (sum, key) => sum + (typeof entry[key] === 'string' ? Buffer.byteLength(entry[key] as string) : 0),
    0,
  ) + (Array.isArray(entry.Resources) ? entry.Resources.join('').length : 0);

const busOf = (name: unknown): string =>
  typeof name !== 'string' || name === '' ? 'default' : name.slice(name.lastIndexOf('/') + 1);

/** `2026-11-20T09:15:00Z`: EventBridge's `time`, to the second. */
const isoSecond = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

const failure = (ErrorCode: string, ErrorMessage: string): PutEventsEntryResult => ({
  ErrorCode,
  ErrorMessage,
});

/**
 * PutEvents as EventBridge answers it: the request's limits are errors of the whole call; each
 * entry is accepted (an EventId) or refused on its own (ErrorCode, ErrorMessage), and accepted
 * events that match the rule's pattern are handed to its target in EventBridge's envelope. Events
 * on another bus (`default`, say) are accepted and go nowhere, as in an account with no rule there.
 */
export async function putEvents(
  rule: SandboxEventRule,
  target: EventTarget,
  body: Record<string, unknown>,
  now: number = Date.now(),
): Promise<{ FailedEntryCount: number; Entries: PutEventsEntryResult[] }> {
  const entries = body.Entries;
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new EventsApiError('ValidationException', 'Entries must hold 1 to 10 entries.');
  }
  if (entries.length > MAX_ENTRIES) {
    throw new EventsApiError(
      'ValidationException',
      `1 validation error detected: Value at 'entries' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ENTRIES}`,
    );
  }
  if (entries.reduce((sum: number, e) => sum + (isObject(e) ? entrySize(e) : 0), 0) > MAX_REQUEST_BYTES) {
    throw new EventsApiError(
      'ValidationException',
      'Total size of the entries in the request is over the limit.',
    );
  }
  const matched: string[] = [];
  const results = entries.map((entry): PutEventsEntryResult => {
    if (!isObject(entry)) return failure('InvalidArgument', 'An entry is an object.');
    const { Source, DetailType, Detail } = entry;
    if (typeof Source !== 'string' || Source === '')
      return failure('InvalidArgument', 'Parameter Source is not valid.');
    if (typeof DetailType !== 'string' || DetailType === '') {
      return failure('InvalidArgument', 'Parameter DetailType is not valid.');
    }
    let detail: unknown;
    try {
      detail = typeof Detail === 'string' ? JSON.parse(Detail) : undefined;
    } catch {
      detail = undefined;
    }
    if (!isObject(detail)) return failure('MalformedDetail', 'Detail is malformed.');
    const bus = busOf(entry.EventBusName);
    if (bus !== 'default' && bus !== rule.busName) {
      return failure('ResourceNotFoundException', `Event bus ${bus} does not exist.`);
    }
    const id = randomUUID();
    const time = typeof entry.Time === 'number' ? entry.Time * 1000 : now;
    const envelope = {
      version: '0',
      id,
      'detail-type': DetailType,
      source: Source,
      account: SANDBOX_ACCOUNT,
      time: isoSecond(time),
      region: SANDBOX_REGION,
      resources: Array.isArray(entry.Resources) ? entry.Resources : [],
      detail,
    };
    if (bus === rule.busName && matchesPattern(rule.pattern, envelope))
      matched.push(JSON.stringify(envelope));
    return { EventId: id };
  });
  if (matched.length > 0) await target(matched);
  return { FailedEntryCount: results.filter((r) => r.ErrorCode).length, Entries: results };
}
