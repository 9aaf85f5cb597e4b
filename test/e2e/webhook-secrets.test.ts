/**
 * Each caller's own callback signing secrets (issue 14 §3, docs/decisions/report-export.md D60), over HTTP against
 * the shared sandbox: made, listed and deleted through `/@me/webhook-secrets`; a callback signed
 * with the requesting caller's secrets only, so a receiver holding partner A's secret refuses
 * what is signed for partner B; a rotation in which every notification verifies with the secret
 * in use; and no secret in `sandbox.json` or any file others may read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { partnerAnswering, type Received } from '../support/local-partner';
import { api } from './support/api';
import { postReport } from './support/reports';
import { NOT_FOUND } from './support/seed-identities';
import { bearer, sandboxStateDir, tokenFor } from './support/tokens';
import {
  createWebhookSecret,
  deleteWebhookSecret,
  listWebhookSecrets,
  postWebhookSecret,
} from './support/webhooks';

/** Callers the seed does not have: they own no order, so their reports are quick and empty. */
const PARTNER_A = 900_101;
const PARTNER_B = 900_102;
const ROTATING = 900_103;
const KEEPER = 900_104;
const PERIOD = { start_date: '2025-01-01', end_date: '2025-01-31' };

const verifies = (secret: string, received: Received) => {
  try {
    new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** A partner answering `statuses` in turn (then 200), and a report asked with its URL by `caller`. */
const reportTo = async (caller: number, statuses: number[] = []) => {
  const partner = await partnerAnswering(statuses);
  closers.push(partner.close);
  const created = await postReport(api, tokenFor(caller), { ...PERIOD, callback_url: partner.url });
  expect(created.status).toBe(202);
  return partner;
};
const firstPost = async (received: Received[], budgetMs = 20_000) => {
  const until = Date.now() + budgetMs;
  while (received.length === 0 && Date.now() < until) await sleep(100);
  expect(received.length).toBeGreaterThan(0);
  return received[0]!;
};

describe('the secrets API', () => {
  const token = tokenFor(KEEPER);

  it('shows a secret once, lists ids and dates only, keeps at most two, and deletes one', async () => {
    const first = await postWebhookSecret(token);
    expect(first.status).toBe(201);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const made = first.body as { id: string; created_at: string; secret: string };
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const second = await createWebhookSecret(token);

    const listed = await listWebhookSecrets(token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: made.id, created_at: made.created_at },
      { id: second.id, created_at: second.created_at },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');

    const third = await postWebhookSecret(token);
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ code: 'too_many_webhook_secrets', message: expect.any(String) });

    // Another caller sees none of them and deletes none of them.
    const other = tokenFor(PARTNER_A);
    expect(JSON.stringify((await listWebhookSecrets(other)).body)).not.toContain(made.id);
    const intruder = await deleteWebhookSecret(other, made.id);
    expect([intruder.status, intruder.body]).toEqual([404, NOT_FOUND]);

    expect((await deleteWebhookSecret(token, made.id)).status).toBe(204);
    expect((await deleteWebhookSecret(token, made.id)).status).toBe(404);
    expect((await listWebhookSecrets(token)).body).toEqual([
      { id: second.id, created_at: second.created_at },
    ]);
  });

  it('refuses a callback for a caller without a secret, with a 400, and starts nothing', async () => {
    const created = await postReport(api, tokenFor(900_105), {
      ...PERIOD,
      callback_url: 'http://127.0.0.1:9/hooks',
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      code: 'invalid_request',
      message: expect.stringContaining('callback_url'),
    });
  });
});

it("a receiver holding partner A's secret refuses what is signed for partner B; B's own verifies it", async () => {
  const a = await createWebhookSecret(tokenFor(PARTNER_A));
  const b = await createWebhookSecret(tokenFor(PARTNER_B));
  const partner = await reportTo(PARTNER_B);
  const notification = await firstPost(partner.received);
  expect(verifies(a.secret, notification)).toBe(false);
  expect(verifies(b.secret, notification)).toBe(true);
  // And the other way round.
  const toA = await firstPost((await reportTo(PARTNER_A)).received);
  expect([verifies(a.secret, toA), verifies(b.secret, toA)]).toEqual([true, false]);
});

it('rotates without a missed notification: both signatures during the overlap, the new one after', async () => {
  const token = tokenFor(ROTATING);
  const old = await createWebhookSecret(token);
  const before = await firstPost((await reportTo(ROTATING)).received);
  expect(verifies(old.secret, before)).toBe(true);

  // The overlap: a receiver still on the old secret and one already on the new both accept.
  const next = await createWebhookSecret(token);
  const during = await firstPost((await reportTo(ROTATING)).received);
  expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
  expect([verifies(old.secret, during), verifies(next.secret, during)]).toEqual([true, true]);

  // The old one deleted: only the new one signs.
  expect((await deleteWebhookSecret(token, old.id)).status).toBe(204);
  const after = await firstPost((await reportTo(ROTATING)).received);
  expect([verifies(old.secret, after), verifies(next.secret, after)]).toEqual([false, true]);
});

it('keeps secrets and the stage key out of sandbox.json and out of every file others may read', async () => {
  const { secret } = await createWebhookSecret(tokenFor(900_106));
  const stateDir = sandboxStateDir();
  const running = readFileSync(path.join(stateDir, 'sandbox.json'), 'utf8');
  expect(running).not.toMatch(/whsec_|webhookSecret/i);
  const keyFile = path.join(stateDir, 'webhook-key');
  expect(statSync(keyFile).mode & 0o077).toBe(0);
  const key = readFileSync(keyFile, 'utf8').trim();
  expect(key.length).toBeGreaterThanOrEqual(32);
  // Every file of the state directory that anyone but its owner can read holds neither.
  const readable = readdirSync(stateDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => (statSync(file).mode & 0o044) !== 0);
  expect(readable.length).toBeGreaterThan(0);
  for (const file of readable) {
    const bytes = readFileSync(file);
    expect([file, bytes.includes(key)]).toEqual([file, false]);
    expect([file, bytes.includes(secret.slice('whsec_'.length))]).toEqual([file, false]);
  }
  // Nor does an answer to anyone else.
  expect(
    JSON.stringify((await api('/@me/webhook-secrets', { headers: bearer(tokenFor(PARTNER_B)) })).body),
  ).not.toContain(secret);
});
