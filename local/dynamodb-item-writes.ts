import { tableSchema } from '#functions/contracts/table-schema';

/**
 * The table items DynamoDB write requests write and delete, read from the requests' bodies (the
 * sandbox's transaction front hands them over, local/transactions/transaction-front.ts): each
 * PutItem, UpdateItem and DeleteItem, and each Put, Update and Delete of a BatchWriteItem or
 * TransactWriteItems (a ConditionCheck writes nothing). Counted as sent: DynamoDB charges a write whose condition fails all the same. Kept:
 * totals, totals by kind of key (`keyKind`), and the last `RECENT_KEYS` keys with a running
 * sequence number, so a test takes "what was written since sequence N" (`keysSince`).
 */

/** The DynamoDB operations that write (BatchWriteItem and TransactWriteItems count once a call). */
export const WRITE_OPERATIONS: readonly string[] = [
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
];

export type ItemOperation = 'put' | 'update' | 'delete';

export interface ItemKeyEvent {
  /** 1 for the first item written or deleted, then one more for each. */
  readonly seq: number;
  readonly op: ItemOperation;
  readonly pk: string;
  readonly sk: string;
}

export interface ItemCounts {
  readonly written: number;
  readonly deleted: number;
  /**
   * On-demand write request units of the items written (DynamoDB's rules): a put, a unit per
   * started KB of its item; an update, one (a lower bound: DynamoDB bills the item's size, which
   * the request does not carry); twice that in a transaction. A delete costs at least one more
   * each (`deleted`), billed by the size of an item the request does not carry.
   */
  readonly units: number;
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
 * A partition key's kind: what varies from item to item is written as a marker, versions as
 * `<version>`, ids and numbers as `<id>`, the values of a listing partition's `name=value` parts as
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
/** An attribute value's size as DynamoDB counts it (docs: "Item sizes and formats"). */
const valueBytes = (value: Json): number => {
  if (!value || typeof value !== 'object') return 1;
  if ('S' in value) return Buffer.byteLength(String(value.S));
  if ('N' in value) return Math.ceil(String(value.N).replace(/^-|\.|e.*$/gi, '').length / 2) + 1;
  if ('B' in value) return Buffer.byteLength(String(value.B), 'base64');
  if ('SS' in value || 'NS' in value || 'BS' in value)
    return (value.SS ?? value.NS ?? value.BS).reduce((n: number, v: string) => n + Buffer.byteLength(v), 0);
  if ('L' in value) return 3 + value.L.reduce((n: number, v: Json) => n + 1 + valueBytes(v), 0);
  if ('M' in value) return 3 + itemBytes(value.M) + Object.keys(value.M).length;
  return 1; // BOOL, NULL
};
const itemBytes = (item: Json): number =>
  Object.entries(item ?? {}).reduce((n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value), 0);

const keyOf = (op: ItemOperation, item: Json, transaction = false) => ({
  op,
  pk: text(item?.[tableSchema.partitionKey]),
  sk: text(item?.[tableSchema.sortKey]),
  units: (op === 'put' ? Math.max(1, Math.ceil(itemBytes(item) / 1024)) : 1) * (transaction ? 2 : 1),
});

/** The items one write request's body writes and deletes, in its order, with their write units. */
export function itemsOfRequest(
  operation: string,
  body: Json,
): (Omit<ItemKeyEvent, 'seq'> & { readonly units: number })[] {
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
        if (item.Put) return [keyOf('put', item.Put.Item, true)];
        if (item.Update) return [keyOf('update', item.Update.Key, true)];
        if (item.Delete) return [keyOf('delete', item.Delete.Key, true)];
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
  const totals = { written: 0, deleted: 0, units: 0 };
  let sequence = 0;
  const byKind = new Map<string, { written: number; deleted: number; units: number }>();
  const ring: ItemKeyEvent[] = [];
  return {
    record(operation, body) {
      let parsed: Json;
      try {
        parsed = JSON.parse(body);
      } catch {
        return; // not a request DynamoDB would accept either
      }
      for (const { units, ...item } of itemsOfRequest(operation, parsed)) {
        sequence += 1;
        const kind = keyKind(item.pk);
        const counts = byKind.get(kind) ?? { written: 0, deleted: 0, units: 0 };
        byKind.set(kind, counts);
        for (const sum of [totals, counts]) {
          if (item.op === 'delete') sum.deleted += 1;
          else {
            sum.written += 1;
            sum.units += units;
          }
        }
        ring[(sequence - 1) % capacity] = { seq: sequence, ...item };
      }
    },
    toJSON: () => {
      const start = sequence % capacity;
      const recent = ring.length < capacity ? [...ring] : [...ring.slice(start), ...ring.slice(0, start)];
      return {
        ...totals,
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
  const minus = (a: ItemCounts, b: ItemCounts): ItemCounts => ({
    written: a.written - b.written,
    deleted: a.deleted - b.deleted,
    units: a.units - b.units,
  });
  const byKind: Record<string, ItemCounts> = {};
  for (const [kind, counts] of Object.entries(after.byKind)) {
    const difference = minus(counts, before.byKind[kind] ?? { written: 0, deleted: 0, units: 0 });
    if (difference.written > 0 || difference.deleted > 0) byKind[kind] = difference;
  }
  return { ...minus(after, before), byKind };
}
