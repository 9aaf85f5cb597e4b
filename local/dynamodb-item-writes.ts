import { tableSchema } from '#functions/contracts/table-schema';

/**
 * The table items a process's DynamoDB write requests write and delete, read from the requests'
 * bodies (local/sandbox-stats.ts hands them over): each PutItem, UpdateItem and DeleteItem, and
 * each Put, Update and Delete of a BatchWriteItem or TransactWriteItems (a ConditionCheck writes
 * nothing). Counted as sent: DynamoDB charges a write whose condition fails all the same. Kept:
 * totals, totals by kind of key (`keyKind`), and the last `RECENT_KEYS` keys with a running
 * sequence number, so a test takes "what was written since sequence N" (`keysSince`).
 */
export type ItemOperation = 'put' | 'update' | 'delete';

export interface ItemKeyEvent {
  /** 1 for the first item the process wrote or deleted, then one more for each. */
  readonly seq: number;
  readonly op: ItemOperation;
  readonly pk: string;
  readonly sk: string;
}

export interface ItemCounts {
  readonly written: number;
  readonly deleted: number;
}

export interface ItemWritesDocument extends ItemCounts {
  /** By kind of partition key (`CAT#PRODUCT#<id>`, `CAT#<version>#REFERENCE`, `CATALOGUE`). */
  readonly byKind: Readonly<Record<string, ItemCounts>>;
  /** The sequence number of the last item written or deleted (0: none yet). */
  readonly sequence: number;
  /** The last keys written or deleted, oldest first (at most `RECENT_KEYS`). */
  readonly recent: readonly ItemKeyEvent[];
}

export const RECENT_KEYS = 2_000;

/** A publish id (`20261126T124605Z-a1b2c3`): a catalogue version. */
const VERSION_SEGMENT = /^\d{8}T\d{6}Z-[0-9a-f]+$/;
/** Ids, generations, hashes: anything with a digit, or a long run of hex. */
const ID_SEGMENT = /\d|^[0-9a-f-]{16,}$/i;

/**
 * A partition key with what varies from item to item replaced by placeholders: versions by
 * `<version>`, ids and numbers by `<id>`, the values of a listing partition's `name=value` parts by
 * `<value>`. So `CAT#20261126T124605Z-a1b2c3#PRODUCT#42` is `CAT#<version>#PRODUCT#<id>`.
 */
export const keyKind = (pk: string): string =>
  pk
    .split('#')
    .map((segment) => {
      if (VERSION_SEGMENT.test(segment)) return '<version>';
      const equals = segment.indexOf('=');
      if (equals > 0) return `${segment.slice(0, equals)}=<value>`;
      return ID_SEGMENT.test(segment) ? '<id>' : segment;
    })
    .join('#');

// biome-ignore lint/suspicious/noExplicitAny: request bodies are read as JSON.
type Json = any;

const text = (attribute: Json): string =>
  attribute && typeof attribute === 'object' && 'S' in attribute
    ? String(attribute.S)
    : String(attribute ?? '');
const keyOf = (op: ItemOperation, item: Json) => ({
  op,
  pk: text(item?.[tableSchema.partitionKey]),
  sk: text(item?.[tableSchema.sortKey]),
});

/** The items one write request's body writes and deletes, in its order. */
export function itemsOfRequest(operation: string, body: Json): Omit<ItemKeyEvent, 'seq'>[] {
  switch (operation) {
    case 'PutItem':
      return [keyOf('put', body.Item)];
    case 'UpdateItem':
      return [keyOf('update', body.Key)];
    case 'DeleteItem':
      return [keyOf('delete', body.Key)];
    case 'BatchWriteItem':
      return Object.values(body.RequestItems ?? {}).flatMap((requests: Json) =>
        (requests as Json[]).map((r) =>
          r.PutRequest ? keyOf('put', r.PutRequest.Item) : keyOf('delete', r.DeleteRequest?.Key),
        ),
      );
    case 'TransactWriteItems':
      return (body.TransactItems ?? []).flatMap((item: Json) => {
        if (item.Put) return [keyOf('put', item.Put.Item)];
        if (item.Update) return [keyOf('update', item.Update.Key)];
        if (item.Delete) return [keyOf('delete', item.Delete.Key)];
        return [];
      });
    default:
      return [];
  }
}

export interface ItemWrites {
  /** Records the items of one write request (its operation and its JSON body). */
  record(operation: string, body: string): void;
  toJSON(): ItemWritesDocument;
}

export function itemWrites(capacity = RECENT_KEYS): ItemWrites {
  let written = 0;
  let deleted = 0;
  let sequence = 0;
  const byKind = new Map<string, { written: number; deleted: number }>();
  const ring: ItemKeyEvent[] = [];
  return {
    record(operation, body) {
      let parsed: Json;
      try {
        parsed = JSON.parse(body);
      } catch {
        return; // not a request DynamoDB would accept either
      }
      for (const item of itemsOfRequest(operation, parsed)) {
        sequence += 1;
        const kind = keyKind(item.pk);
        const counts = byKind.get(kind) ?? { written: 0, deleted: 0 };
        byKind.set(kind, counts);
        if (item.op === 'delete') {
          deleted += 1;
          counts.deleted += 1;
        } else {
          written += 1;
          counts.written += 1;
        }
        ring[(sequence - 1) % capacity] = { seq: sequence, ...item };
      }
    },
    toJSON: () => {
      const start = sequence % capacity;
      const recent = ring.length < capacity ? [...ring] : [...ring.slice(start), ...ring.slice(0, start)];
      return {
        written,
        deleted,
        byKind: Object.fromEntries([...byKind].map(([kind, counts]) => [kind, { ...counts }])),
        sequence,
        recent,
      };
    },
  };
}

/**
 * The keys written or deleted after sequence number `sequence` (read before the work, from
 * `sequence`), oldest first. Throws when the ring no longer holds all of them, rather than
 * answering part.
 */
export function keysSince(document: ItemWritesDocument, sequence: number): ItemKeyEvent[] {
  const first = document.recent[0]?.seq ?? document.sequence + 1;
  if (document.sequence > sequence && first > sequence + 1)
    throw new Error(
      `the sandbox keeps the last ${RECENT_KEYS} keys: ${document.sequence - sequence} were written or deleted since sequence ${sequence}`,
    );
  return document.recent.filter((event) => event.seq > sequence);
}

/** What was written and deleted between two readings of the counters, in all and by kind of key. */
export function itemsBetween(
  before: ItemWritesDocument,
  after: ItemWritesDocument,
): ItemCounts & { readonly byKind: Record<string, ItemCounts> } {
  const byKind: Record<string, ItemCounts> = {};
  for (const [kind, counts] of Object.entries(after.byKind)) {
    const earlier = before.byKind[kind] ?? { written: 0, deleted: 0 };
    const written = counts.written - earlier.written;
    const deleted = counts.deleted - earlier.deleted;
    if (written > 0 || deleted > 0) byKind[kind] = { written, deleted };
  }
  return { written: after.written - before.written, deleted: after.deleted - before.deleted, byKind };
}
