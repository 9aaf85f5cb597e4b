/**
 * `npm run events` as an operator runs it (issue 21 §1 and its acceptance): a file with one event
 * for an unknown user is reported refused (exit 1), its event is listed by `dead-letters` once
 * SQS has given up on it (3 receives, 1 s apart in the sandbox), and it is applied after the user
 * is registered and it is redriven. Orders 9201–9202 and users 5011–5012: ids no other e2e test reads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { api } from './support/api';
import { type CliRun, npmRun } from './support/cli-run';
import { bearer, sandboxStateDir, tokenFor } from './support/tokens';

const CUSTOMER = 5011;
const LATE_USER = 5012;
const ORDER = 9201;
const LATE_ORDER = 9202;
const REFUSED = 'e2e-cli-order-9202';

/** `npm run -s events -- …` on the e2e sandbox's state directory, as an operator runs it. */
const events = (...args: string[]): Promise<CliRun> =>
  npmRun('events', [...args, '--state-dir', sandboxStateDir()], { timeout: 90_000 });

const fileOf = (...lines: { type: string; detail: Record<string, unknown> }[]): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'events-cli-')), 'events.jsonl');
  writeFileSync(
    file,
    `${lines.map(({ type, detail }) => JSON.stringify({ 'detail-type': type, detail })).join('\n')}\n`,
  );
  return file;
};

const registered = (id: number, username: string) => ({
  type: 'user.registered',
  detail: {
    eventId: `e2e-cli-user-${id}`,
    occurredAt: '2026-11-20T08:00:00Z',
    version: 1,
    id,
    username,
    firstName: 'Ada',
    lastName: 'Lind',
    email: `${username}@example.com`,
    phone: { home: '', mobile: '' },
    address: { street: '', zipCode: '', city: '' },
  },
});

const placed = (id: number, userId: number) => ({
  type: 'order.placed',
  detail: {
    eventId: `e2e-cli-order-${id}`,
    occurredAt: '2026-11-20T09:15:00Z',
    version: 1,
    id,
    userId,
    createdAt: '2026-11-20 09:14:58',
    status: 'paid',
    total: { value: 12.5, currency: 'EUR' },
    sentOn: null,
  },
});

const admin = bearer(tokenFor(1, { admin: true }));
/** The line of one event in a command's output. */
const lineOf = (text: string, eventId: string) =>
  text.split('\n').find((line) => line.trim().startsWith(`${eventId} `));

describe('npm run events: outcomes, dead letters, redrive', () => {
  it('reports a refused event (exit 1), lists it as a dead letter, and applies it once its user exists and it is redriven', async () => {
    const sent = await events(
      'send',
      fileOf(registered(CUSTOMER, 'ada.lind'), placed(ORDER, CUSTOMER), placed(LATE_ORDER, LATE_USER)),
    );
    expect(sent.code).toBe(1);
    expect(lineOf(sent.stdout, `e2e-cli-user-${CUSTOMER}`)).toMatch(
      /user\.registered +user 5011 +applied +user record written$/,
    );
    expect(lineOf(sent.stdout, `e2e-cli-order-${ORDER}`)).toMatch(
      /order\.placed +order 9201 +applied +placed$/,
    );
    expect(lineOf(sent.stderr, REFUSED)).toMatch(
      /order\.placed +order 9202 +refused +the order's customer, user 5012, does not exist \(receive 1 of 3\)$/,
    );
    expect(sent.stdout).toContain('3 events: 2 applied, 0 ignored, 1 refused.');
    expect(sent.stderr).toContain('npm run events -- dead-letters');
    expect(sent.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace

    // SQS delivers it twice more, 1 s apart, then moves it to the dead-letter queue.
    let listed: string | undefined;
    for (const deadline = Date.now() + 30_000; !listed && Date.now() < deadline; ) {
      const run = await events('dead-letters');
      expect(run.code).toBe(0);
      listed = lineOf(run.stdout, REFUSED);
      if (!listed) await sleep(1000);
    }
    expect(listed).toMatch(
      /^ {2}e2e-cli-order-9202 +order\.placed +order 9202 +3 +\d{4}-\d\d-\d\dT\S+ +the order's customer, user 5012, does not exist$/,
    );
    // Listing removed nothing: it is still there.
    expect(lineOf((await events('dead-letters')).stdout, REFUSED)).toBeDefined();

    const user = await events('send', fileOf(registered(LATE_USER, 'ben.lind')));
    expect([user.code, user.stdout]).toEqual([
      0,
      expect.stringContaining('1 event: 1 applied, 0 ignored, 0 refused.'),
    ]);

    const redriven = await events('redrive', '--id', REFUSED);
    expect(redriven.code).toBe(0);
    expect(lineOf(redriven.stdout, REFUSED)).toMatch(/order\.placed +order 9202 +applied +placed$/);
    expect((await api(`/orders/${LATE_ORDER}`, { headers: admin })).body).toMatchObject({
      id: LATE_ORDER,
      user_id: LATE_USER,
    });
    expect(lineOf((await events('dead-letters')).stdout, REFUSED)).toBeUndefined();
  });

  it('sends without waiting with --no-wait, and refuses an unknown command with the usage (exit 2)', async () => {
    const run = await events('send', fileOf(placed(ORDER, CUSTOMER)), '--no-wait');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 of 1 accepted by the bus.');
    expect(run.stdout).toContain('Not waiting for their outcomes (--no-wait)');
    const wrong = await events('drain');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Give a command: send FILE, dead-letters or redrive.');
  });
});
