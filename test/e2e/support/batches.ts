/**
 * The order-batch e2e tests run a sandbox each (not the shared one of e2e-global-setup.ts): they
 * read its delivery and DynamoDB counters (`/_sandbox/stats`) and its consecutive batch ids,
 * which only hold when no other test creates batches or sends messages there, and the fault
 * tests start theirs with SANDBOX_FAULTS. A sandbox starts in about a second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchChunkMessage } from '#functions/batches/domain/batch';
import { SANDBOX_FAULTS_ENV } from '#local/faults';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { type RunningSandbox, runningSandbox } from '#local/running-sandbox';
import { type SandboxStatsDocument, STATS_PATH } from '#local/sandbox-stats';
import { type ApiResponse, fetchApi } from './api';
import { type SandboxProcess, startSandboxProcess, stopSandboxProcess } from './sandbox-process';

/** A batch as the API answers it. */
export interface BatchBody {
  readonly id: number;
  readonly status: 'pending' | 'processing' | 'completed';
  readonly count: number | null;
  readonly errors: { id: number; url: string }[] | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** An item of a `POST /orders/batches` body. */
export interface RequestItem {
  readonly id: number;
  readonly sent_on: string;
}

export interface BatchSandbox {
  readonly url: string;
  readonly stateDir: string;
  /** Where its queues are, from its `sandbox.json`. */
  readonly running: RunningSandbox;
  /** What it printed when it started, its banner included. */
  readonly startOutput: string;
  /** Calls its API, as `api()` calls the shared sandbox's. */
  api(path: string, init?: RequestInit): Promise<ApiResponse>;
  token(sub: number, options?: { admin?: boolean }): string;
  stats(): Promise<SandboxStatsDocument>;
  stop(): Promise<void>;
  /** Stops it (SIGTERM, as Ctrl-C) and starts it again on the same state: the new handle. */
  restart(): Promise<BatchSandbox>;
}

const call = fetchApi;

/**
 * Starts a sandbox on a free port and a new state directory, with SANDBOX_FAULTS when given; or,
 * given `stateDir`, again on that directory's data, as `npm start` after a stop.
 */
export async function startBatchSandbox(
  options: { faults?: unknown; stateDir?: string } = {},
): Promise<BatchSandbox> {
  const stateDir = options.stateDir ?? mkdtempSync(path.join(tmpdir(), 'commerce-api-e2e-batches-'));
  // startSandboxProcess hands the child this process's environment when it spawns it, which it
  // does before its first await: set the variable for that moment only.
  const previous = process.env[SANDBOX_FAULTS_ENV];
  if (options.faults === undefined) delete process.env[SANDBOX_FAULTS_ENV];
  else process.env[SANDBOX_FAULTS_ENV] = JSON.stringify(options.faults);
  let started: Promise<SandboxProcess>;
  try {
    started = startSandboxProcess(stateDir, { reset: options.stateDir === undefined });
  } finally {
    if (previous === undefined) delete process.env[SANDBOX_FAULTS_ENV];
    else process.env[SANDBOX_FAULTS_ENV] = previous;
  }
  const sandbox = await started.catch((error: unknown) => {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  });
  const running = runningSandbox(stateDir);
  if (!running?.batchQueueUrl || !running.sqsEndpoint)
    throw new Error('The sandbox did not record its queues');
  const origin = new URL(sandbox.url).origin;
  const issuer = sandboxIssuer(stateDir);
  return {
    url: sandbox.url,
    stateDir,
    running,
    startOutput: sandbox.startOutput,
    api: (p, init) => call(`${sandbox.url}${p}`, init),
    token: (sub, tokenOptions = {}) => issuer.token({ sub, admin: tokenOptions.admin ?? false }),
    stats: async () => (await call(`${origin}${STATS_PATH}`)).body as SandboxStatsDocument,
    stop: async () => {
      await stopSandboxProcess(sandbox.child);
      rmSync(stateDir, { recursive: true, force: true });
    },
    restart: async () => {
      await stopSandboxProcess(sandbox.child);
      return startBatchSandbox({ ...options, stateDir });
    },
  };
}

/** POST /orders/batches with a JSON body (or a raw string, sent as is). */
export const postBatch = (sandbox: BatchSandbox, token: string, body: unknown) =>
  sandbox.api('/orders/batches', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

export const getBatch = (sandbox: BatchSandbox, token: string, id: number) =>
  sandbox.api(`/orders/batches/${id}`, { headers: { authorization: `Bearer ${token}` } });

/** Polls the batch every 100 ms until it is `completed`; returns it and every status seen. */
export async function pollUntilCompleted(
  sandbox: BatchSandbox,
  token: string,
  id: number,
  budgetMs: number,
): Promise<{ batch: BatchBody; statuses: string[] }> {
  const statuses: string[] = [];
  const until = Date.now() + budgetMs;
  for (;;) {
    const response = await getBatch(sandbox, token, id);
    if (response.status !== 200) throw new Error(`GET batch ${id}: ${response.status}`);
    const batch = response.body as BatchBody;
    if (statuses.at(-1) !== batch.status) statuses.push(batch.status);
    if (batch.status === 'completed') return { batch, statuses };
    if (Date.now() > until) {
      throw new Error(
        `Batch ${id} not completed within ${budgetMs} ms: ${JSON.stringify(batch).slice(0, 300)}`,
      );
    }
    await sleep(100);
  }
}

/** Waits until `check` holds, polling every 100 ms. */
export async function waitUntil<T>(
  check: () => Promise<T | undefined>,
  budgetMs: number,
  what: string,
): Promise<T> {
  const until = Date.now() + budgetMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${budgetMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** The errors a batch should list for these ids, in the order the tests compare them (by id). */
export const expectedErrors = (ids: Iterable<number>) =>
  [...new Set(ids)].sort((a, b) => a - b).map((id) => ({ id, url: `/orders/${id}` }));

export const byId = (errors: readonly { id: number; url: string }[] | null) =>
  [...(errors ?? [])].sort((a, b) => a.id - b.id);

/** `YYYY-MM-DD HH:MM:SS` */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A date for the n-th item, different from every seeded `sent_on` (those end in 2026-11). */
export const newSentOn = (n: number) => `2027-0${1 + (n % 9)}-${String(1 + (n % 28)).padStart(2, '0')}`;

/**
 * The chunk message `POST /orders/batches` sends for items[chunk*25 .. chunk*25+24], for tests
 * that deliver a message themselves.
 */
export const chunkMessageFor = (
  batchId: number,
  ownerId: number,
  items: readonly RequestItem[],
  chunk: number,
  chunkSize: number,
): BatchChunkMessage => ({
  batchId,
  chunk,
  ownerId,
  admin: false,
  items: items
    .slice(chunk * chunkSize, (chunk + 1) * chunkSize)
    .map((i) => ({ id: i.id, sentOn: i.sent_on })),
});

/** Reads orders in parallel (10 at a time): their `sent_on`, by id. */
export async function sentOnOf(
  sandbox: BatchSandbox,
  token: string,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  const result = new Map<number, string | null>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const response = await sandbox.api(`/orders/${id}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET /orders/${id}: ${response.status}`);
      result.set(id, (response.body as { sent_on: string | null }).sent_on);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return result;
}
