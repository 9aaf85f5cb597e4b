import type { Server } from 'node:http';
import dynalite from 'dynalite';
import { closeDynaliteIterators } from './dynalite-iterators';
import type { ItemWritesDocument } from './dynamodb-item-writes';

/**
 * dynalite, its iterators mended first (otherwise every Query and Scan keeps what LevelDB held at
 * its moment, dynalite-iterators.ts). Tables are ACTIVE at once (createTableMs 0): nothing to wait
 * for locally.
 */
export const dynaliteServer = (path: string | undefined): Server => {
  closeDynaliteIterators();
  return dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(path ? { path } : {}) });
};

/** What dynalite's thread (dynalite-thread.ts) is started with. */
export interface DynaliteThreadData {
  readonly path?: string;
  readonly port: number;
}

/** What the front in dynalite's thread counted (transaction-front.ts), as `/_sandbox/stats` shows it. */
export interface FrontCountersDocument {
  /** Requests sent on to dynalite, by operation. */
  readonly requests: Readonly<Record<string, number>>;
  readonly items: ItemWritesDocument;
}

/**
 * What dynalite's thread says: its port once it serves, what its front counted when asked, then
 * that it closed (or why it did not).
 */
export type DynaliteThreadMessage =
  | { readonly kind: 'serving'; readonly port: number }
  | ({ readonly kind: 'counters'; readonly id: number } & FrontCountersDocument)
  | { readonly kind: 'closed'; readonly error?: string };

/** What dynalite's thread is told: a read of the API's (for the front's pacing), a question, or to close. */
export type DynaliteThreadRequest =
  | { readonly kind: 'read' }
  | { readonly kind: 'counters'; readonly id: number }
  | { readonly kind: 'close' };
