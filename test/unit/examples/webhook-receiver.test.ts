import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { createReceiver } from '#examples/webhook-receiver/receiver';
import { callbackPayload } from '#functions/reports/domain/callback-body';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const REPORT_ID = '5b0c2f9e-4d1a-4c59-9f3e-0a6f1e2d3c4b';
const PDF = Buffer.from('%PDF-1.7 a report');

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

let api: http.Server;
let receiver: http.Server;
let receiverUrl: string;
const apiCalls: { url: string; authorization: string | undefined }[] = [];
const reports: { href: string; webhookId: string; pdf: Uint8Array }[] = [];
const problems: string[] = [];

beforeAll(async () => {
  // The API: serves the report to the right token only.
  api = http.createServer((req, res) => {
    apiCalls.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.headers.authorization !== 'Bearer partner-token') return void res.writeHead(401).end();
    if (req.url !== `/v1/orders/reports/${REPORT_ID}`) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
  });
  const apiBaseUrl = `${await listen(api)}/v1`;
  receiver = createReceiver({
    secret,
    apiBaseUrl,
    token: () => 'partner-token',
    onReport: (report) => void reports.push(report),
    onProblem: (problem) => void problems.push(problem),
  });
  receiverUrl = `${await listen(receiver)}/hooks/reports`;
});
afterAll(async () => {
  await close(receiver);
  await close(api);
});
beforeEach(() => {
  apiCalls.length = 0;
  reports.length = 0;
  problems.length = 0;
});

/** POSTs a notification signed as the service signs it, at `at`. */
const notify = (
  webhookId: string,
  { at = new Date(), key = secret, body = callbackPayload(REPORT_ID) } = {},
) =>
  fetch(receiverUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': webhookId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(webhookId, at, body),
    },
    body,
  });

const settle = () => sleep(100);

describe('the example webhook receiver', () => {
  it('acknowledges a signed notification with 204, then downloads the report it names', async () => {
    expect((await notify('msg_1')).status).toBe(204);
    await settle();
    expect(reports).toEqual([
      { href: `/orders/reports/${REPORT_ID}`, webhookId: 'msg_1', pdf: new Uint8Array(PDF) },
    ]);
    expect(apiCalls).toEqual([
      { url: `/v1/orders/reports/${REPORT_ID}`, authorization: 'Bearer partner-token' },
    ]);
  });

  it('handles a webhook-id once: a retry of the same notification is acknowledged and ignored', async () => {
    expect((await notify('msg_2')).status).toBe(204);
    expect((await notify('msg_2')).status).toBe(204);
    await settle();
    expect(reports).toHaveLength(1);
  });

  it.each([
    ['older than five minutes (a replay)', { at: new Date(Date.now() - 5 * 60_000 - 10_000) }],
    ['from more than five minutes ahead', { at: new Date(Date.now() + 5 * 60_000 + 10_000) }],
    ['signed with another secret', { key: `whsec_${randomBytes(32).toString('base64')}` }],
  ])('refuses a notification %s with 401 and downloads nothing', async (_, options) => {
    expect((await notify('msg_3', options)).status).toBe(401);
    await settle();
    expect(reports).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  it('refuses a body changed after signing', async () => {
    const at = new Date();
    const response = await fetch(receiverUrl, {
      method: 'POST',
      headers: {
        'webhook-id': 'msg_4',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign('msg_4', at, callbackPayload(REPORT_ID)),
      },
      body: callbackPayload('00000000-0000-4000-8000-000000000000'),
    });
    expect(response.status).toBe(401);
  });

  it('answers anything but POST with 405', async () => {
    expect((await fetch(receiverUrl)).status).toBe(405);
  });
});
