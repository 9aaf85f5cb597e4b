import type { Server } from 'node:http';
import dynalite from 'dynalite';
import { closeDynaliteIterators } from './dynalite-iterators';

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

/** What dynalite's thread says: its port once it serves, then that it closed (or why it did not). */
export type DynaliteThreadMessage =
  | { readonly kind: 'serving'; readonly port: number }
  | { readonly kind: 'closed'; readonly error?: string };
