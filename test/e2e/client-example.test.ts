/**
 * examples/client/ run as a person runs it against the sandbox (issue 23 point 4): the typed
 * client lists, searches with criteria page after page, reads `/@me`, waits for a batch to
 * complete and follows a report to its PDF, one line per step; each line is checked against
 * what the API answers directly.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { api, baseUrl } from './support/api';
import { type CliRun, runProgram } from './support/cli-run';
import { expectedReportIds, pdfText, rowIds } from './support/reports';
import { CLIENT_EXAMPLE_USER, expectedUserRecord, ordersOf } from './support/seed-identities';
import { bearer, tokenFor } from './support/tokens';

let scratch: string;
let run: CliRun;
let lines: string[];
const token = () => tokenFor(CLIENT_EXAMPLE_USER);

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'commerce-api-e2e-client-'));
  run = await runProgram(
    path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
    [
      'examples/client/client-walkthrough.ts',
      '--base-url',
      baseUrl(),
      '--token',
      token(),
      '--out',
      path.join(scratch, 'report.pdf'),
    ],
    { timeout: 120_000 },
  );
  lines = run.stdout.trimEnd().split('\n');
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('runs to the end: exit 0, one line per step, nothing on stderr', () => {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  expect(lines.map((line) => line.split(/[ :]/)[0])).toEqual(['products', 'search', 'me', 'batch', 'report']);
});

it('lists the first page of books sold in France, as GET /products answers it', async () => {
  const books = (await api('/products?country=FR&productType=book')).body as { label: string }[];
  expect(books.length).toBeGreaterThan(0);
  expect(lines[0]).toMatch(
    new RegExp(
      `^products: ${books.length} books sold in FR on page 1, the first "${books[0]!.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" at \\d+\\.\\d{2} EUR$`,
    ),
  );
});

it('pages through every match of the search, dearest first', async () => {
  const criteria = {
    productType: ['computer'],
    country: 'FR',
    computer: { ram_gb: { min: 16 } },
    sort: '-price',
  };
  const all: { label: string }[] = [];
  for (let page = 1; ; page++) {
    const body = (
      await api('/products/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...criteria, page, limit: 100 }),
      })
    ).body as { label: string }[];
    all.push(...body);
    if (body.length < 100) break;
  }
  // More than one page of 25, so the iterator had to go on.
  expect(all.length).toBeGreaterThan(25);
  expect(lines[1]).toContain(`search: ${all.length} computers with at least 16 GB of RAM sold in FR`);
  expect(lines[1]).toContain(`the dearest "${all[0]!.label}"`);
});

it("reads the caller's own user record", () => {
  const me = expectedUserRecord(CLIENT_EXAMPLE_USER);
  expect(lines[2]).toBe(`me: user ${me.id}, ${me.first_name} ${me.last_name}, ${me.address.city}`);
});

it("waits for the batch to complete, and the caller's two newest orders are sent today", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const newest = ordersOf(CLIENT_EXAMPLE_USER).slice(0, 2);
  expect(lines[3]).toMatch(
    new RegExp(
      `^batch \\d+: completed, 2 of 2 items processed, 0 not applied \\(orders ${newest.map((o) => o.id).join(', ')} sent on ${today}\\)$`,
    ),
  );
  for (const order of newest) {
    const answer = await api(`/orders/${order.id}`, { headers: bearer(token()) });
    expect(answer.body).toMatchObject({ id: order.id, sent_on: today });
  }
});

it("follows the report to its PDF, which lists the caller's orders of the period", () => {
  const [, id, start, end] =
    /^report ([0-9a-f-]{36}): (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}), a \d+-byte PDF \(orders-report-.+\.pdf\) saved to .+report\.pdf$/.exec(
      lines[4] ?? '',
    ) ?? [];
  expect(id).toBeDefined();
  const pdf = readFileSync(path.join(scratch, 'report.pdf'));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(lines[4]).toContain(`a ${pdf.byteLength}-byte PDF`);
  expect(rowIds(pdfText(pdf))).toEqual(
    expectedReportIds({ start_date: start!, end_date: end! }, CLIENT_EXAMPLE_USER),
  );
});
