/** Batch statuses (docs/decisions/order-batches.md D4): `pending` at creation, `processing` once items are handled, then `completed`. */
export type BatchStatus = 'pending' | 'processing' | 'completed';

/** An order update a batch asks for: set the order's `sent_on`. */
export interface BatchItem {
  readonly id: number;
  /** `YYYY-MM-DD`. */
  readonly sentOn: string;
}

/** An item that could not be applied (spec: errors of a batch are not HTTP statuses). */
export interface BatchError {
  readonly id: number;
  readonly url: string;
}

/** A batch as stored. `count` and `errors` are absent (null to clients) until processing starts. */
export interface BatchRecord {
  readonly id: number;
  readonly ownerId: number;
  readonly status: BatchStatus;
  readonly itemCount: number;
  readonly count?: number;
  readonly errors?: readonly BatchError[];
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** docs/decisions/order-batches.md D4: at most this many items a request. */
export const MAX_BATCH_ITEMS = 1000;

/** docs/decisions/order-batches.md D66: the earliest year a batch may set as `sent_on`; the latest is next year. */
export const FIRST_SENT_ON_YEAR = 2000;

/** Whether `sentOn` (`YYYY-MM-DD`, a real day) is in a year from 2000 to the year after `now`'s (UTC). */
export const sentOnYearAllowed = (sentOn: string, now: Date): boolean => {
  const year = Number(sentOn.slice(0, 4));
  return year >= FIRST_SENT_ON_YEAR && year <= now.getUTCFullYear() + 1;
};

/** docs/decisions/order-batches.md D66: each order at most once a batch. */
export const idsAreDistinct = (items: readonly { readonly id: number }[]): boolean =>
  new Set(items.map((item) => item.id)).size === items.length;

/**
 * Items travel in chunks: one queue message per chunk. A chunk is the unit of retry and of
 * idempotency (its result is recorded once), and recording a chunk's result is one write to
 * the batch instead of one per item.
 */
export const CHUNK_SIZE = 25;

/** The body of one queue message. */
export interface BatchChunkMessage {
  readonly batchId: number;
  /** 0-based index of the chunk within its batch. */
  readonly chunk: number;
  /** Who created the batch: their orders only, unless `admin`. */
  readonly ownerId: number;
  readonly admin: boolean;
  readonly items: readonly BatchItem[];
}

export const chunksOf = <T>(items: readonly T[], size = CHUNK_SIZE): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export const orderUrl = (id: number) => `/orders/${id}`;

export const batchError = (id: number): BatchError => ({ id, url: orderUrl(id) });

/** The spec's `YYYY-MM-DD HH:MM:SS` (UTC). */
export const timestamp = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

/** The batch as clients see it (spec: Batch resource). */
export const batchView = (b: BatchRecord) => ({
  id: b.id,
  status: b.status,
  count: b.count ?? null,
  errors: b.errors ?? null,
  created_at: b.createdAt,
  updated_at: b.updatedAt,
});
