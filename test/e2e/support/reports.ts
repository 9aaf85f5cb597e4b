import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createdAtBounds } from '#functions/reports/domain/report-job';
import type { ApiResponse } from './api';
import { checkedFetch } from './api-contract';
import { orders } from './seed-identities';

export interface ReportPeriod {
  readonly start_date: string;
  readonly end_date: string;
}

type Api = (path: string, init?: RequestInit) => Promise<ApiResponse>;

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

export const postReport = (api: Api, token: string, body: unknown) =>
  api('/orders/reports', { method: 'POST', headers: json(token), body: JSON.stringify(body) });

/** One GET of a status URL, without following its 303. */
export const getStatus = (url: string, token: string) =>
  checkedFetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });

/**
 * Polls a status URL as a well-behaved client does (waiting `Retry-After` between calls) until
 * it is no longer IN_PROGRESS; returns the last answer and the statuses seen.
 */
export async function pollStatus(url: string, token: string, budgetMs = 30_000) {
  const seen: string[] = [];
  const until = Date.now() + budgetMs;
  for (;;) {
    const response = await getStatus(url, token);
    const body = (await response.json()) as { status?: string };
    const state = response.status === 303 ? '303' : `${response.status} ${body.status ?? ''}`.trim();
    if (seen.at(-1) !== state) seen.push(state);
    if (response.status !== 200 || body.status !== 'IN_PROGRESS') return { response, body, seen };
    if (Date.now() > until) throw new Error(`Report still IN_PROGRESS after ${budgetMs} ms`);
    await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000);
  }
}

/** The report's bytes and headers (no redirect followed). */
export async function download(url: string, token: string) {
  const response = await checkedFetch(url, {
    headers: { authorization: `Bearer ${token}` },
    redirect: 'manual',
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The PDF's text as poppler's pdftotext reads it (layout kept: a row is a line). */
export const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });

/** The order ids of the report's rows, in the order they appear. */
export const rowIds = (text: string) =>
  [...text.matchAll(/^\s*(\d+)\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s/gm)].map((m) => Number(m[1]));

/** The seeded orders a report of `userId` (undefined: every customer) over `period` must list, by creation. */
export const expectedReportIds = (period: ReportPeriod, userId?: number) => {
  const { from, to } = createdAtBounds(period.start_date, period.end_date);
  return orders
    .filter((o) => (userId === undefined || o.userId === userId) && o.createdAt >= from && o.createdAt <= to)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id))
    .map((o) => o.id);
};
