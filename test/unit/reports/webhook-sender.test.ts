import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { MAX_RESPONSE_BYTES, sendWebhook, USER_AGENT } from '#functions/reports/adapters/webhook-sender';
import { callbackPayload } from '#functions/reports/domain/callback-body';
import type { LookupAll } from '#functions/reports/domain/public-address';
import { type Answer, partner } from '../../support/local-partner';

const secret = 'whsec_' + randomBytes(32).toString('base64');

let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stop.map((s) => s()));
  stop = [];
  jest.restoreAllMocks();
});
const started = async (answer: Answer) => {
  const p = await partner(answer);
  stop.push(p.close);
  return p;
};

const send = (url: string, extra: Partial<Parameters<typeof sendWebhook>[0]> = {}) =>
  sendWebhook({
    url,
    body: callbackPayload('report-1'),
    webhookId: 'msg_report-1',
    secrets: [secret],
    allowLoopbackHttp: true,
    ...extra,
  });

describe('sendWebhook', () => {
  it('POSTs the body signed as Standard Webhooks says, verified by the standardwebhooks library', async () => {
    const p = await started((_req, res) => res.writeHead(204).end());
    await expect(send(p.url)).resolves.toEqual({ delivered: true, status: 204 });

    expect(p.received).toHaveLength(1);
    const [r] = p.received;
    expect(r!.method).toBe('POST');
    expect(r!.url).toBe('/hooks/reports');
    expect(r!.body).toBe(
      '{"status":"COMPLETED","links":[{"rel":"reports","href":"/orders/reports/report-1"}]}',
    );
    expect(r!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': 'msg_report-1',
      'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    const verified = new Webhook(secret).verify(r!.body, r!.headers as Record<string, string>);
    expect(verified).toEqual(JSON.parse(r!.body));
    // Signed with another secret, it would not verify.
    const other = new Webhook('whsec_' + randomBytes(32).toString('base64'));
    expect(() => other.verify(r!.body, r!.headers as Record<string, string>)).toThrow();
  });

  it('signs with each secret given, space-separated: a receiver holding any one of them verifies (docs/decisions/report-export.md D60)', async () => {
    const p = await started((_req, res) => res.writeHead(204).end());
    const next = `whsec_${randomBytes(32).toString('base64')}`;
    await send(p.url, { secrets: [secret, next] });
    const [r] = p.received;
    expect(r!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    for (const held of [secret, next]) {
      expect(new Webhook(held).verify(r!.body, r!.headers as Record<string, string>)).toEqual(
        JSON.parse(r!.body),
      );
    }
    const stranger = new Webhook(`whsec_${randomBytes(32).toString('base64')}`);
    expect(() => stranger.verify(r!.body, r!.headers as Record<string, string>)).toThrow();
  });

  it('signs the given timestamp and sends it in seconds', async () => {
    const p = await started((_req, res) => res.writeHead(200).end('ok'));
    const timestamp = new Date(Date.now() - 60_000);
    await send(p.url, { timestamp });
    const headers = p.received[0]!.headers;
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(new Webhook(secret).sign('msg_report-1', timestamp, p.received[0]!.body)).toBe(
      headers['webhook-signature'],
    );
  });

  it('sends an object body as its JSON', async () => {
    const p = await started((_req, res) => res.writeHead(200).end());
    await send(p.url, { body: { status: 'COMPLETED', links: [] } });
    expect(p.received[0]!.body).toBe('{"status":"COMPLETED","links":[]}');
    expect(() =>
      new Webhook(secret).verify(p.received[0]!.body, p.received[0]!.headers as Record<string, string>),
    ).not.toThrow();
  });

  it('keeps the same webhook-id on every attempt; 503 is not delivered, then 200 is', async () => {
    let calls = 0;
    const p = await started((_req, res) => res.writeHead(++calls < 3 ? 503 : 200).end());
    await expect(send(p.url)).resolves.toEqual({ delivered: false, status: 503, reason: 'answered 503' });
    await expect(send(p.url)).resolves.toMatchObject({ delivered: false, status: 503 });
    await expect(send(p.url)).resolves.toEqual({ delivered: true, status: 200 });
    expect(p.received.map((r) => r.headers['webhook-id'])).toEqual([
      'msg_report-1',
      'msg_report-1',
      'msg_report-1',
    ]);
  });

  it('does not follow a redirect: a 302 is not delivered', async () => {
    const p = await started((req, res) => {
      if (req.url === '/elsewhere') res.writeHead(200).end();
      else res.writeHead(302, { location: '/elsewhere' }).end();
    });
    await expect(send(p.url)).resolves.toEqual({
      delivered: false,
      status: 302,
      reason: 'redirect (302) not followed',
    });
    expect(p.received.map((r) => r.url)).toEqual(['/hooks/reports']);
  });

  it.each([400, 404, 500])('%i is not delivered', async (status) => {
    const p = await started((_req, res) => res.writeHead(status).end('no'));
    await expect(send(p.url)).resolves.toMatchObject({ delivered: false, status });
  });

  it('gives up on a slow partner when the timeout expires', async () => {
    const p = await started(() => {
      /* never answers */
    });
    const t0 = Date.now();
    await expect(send(p.url, { timeoutMs: 300 })).resolves.toEqual({ delivered: false, reason: 'timeout' });
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
  });

  it('reads no more than a little of a huge answer and drops the connection', async () => {
    let written = 0;
    let closed = false;
    const p = await started((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      res.on('close', () => {
        closed = true;
      });
      // Endless: only the client dropping the connection stops it.
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const t0 = Date.now();
    await expect(send(p.url, { timeoutMs: 10_000 })).resolves.toEqual({ delivered: true, status: 200 });
    expect(Date.now() - t0).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    // The server only got to fill the socket buffers, not to push megabytes through.
    expect(written).toBeLessThan(16 * 1024 * 1024);
    expect(MAX_RESPONSE_BYTES).toBe(4096);
  });

  it('is not delivered when the connection is refused', async () => {
    const p = await partner((_req, res) => res.end());
    await p.close();
    await expect(send(p.url)).resolves.toEqual({ delivered: false, reason: 'network error: ECONNREFUSED' });
  });

  it('is not delivered when the partner drops the connection without answering', async () => {
    const p = await started((req) => req.socket.destroy());
    await expect(send(p.url)).resolves.toMatchObject({
      delivered: false,
      reason: 'network error: ECONNRESET',
    });
  });

  it('re-checks the URL at send time', async () => {
    const spy = jest.spyOn(http, 'request');
    const p = await started((_req, res) => res.writeHead(200).end());
    await expect(send(p.url, { allowLoopbackHttp: false })).resolves.toMatchObject({
      delivered: false,
      reason: expect.stringContaining('https'),
    });
    await expect(send('https://169.254.169.254/latest/meta-data/')).resolves.toMatchObject({
      delivered: false,
      reason: expect.stringContaining('public address'),
    });
    await expect(send('https://user:pw@partner.example/')).resolves.toMatchObject({ delivered: false });
    expect(p.received).toHaveLength(0);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses, before connecting, a name that resolves to a private address', async () => {
    const httpsSpy = jest.spyOn(https, 'request');
    const httpSpy = jest.spyOn(http, 'request');
    const lookup = jest.fn<ReturnType<LookupAll>, Parameters<LookupAll>>(async () => [
      { address: '10.0.0.1', family: 4 },
    ]);
    await expect(
      send('https://partner.example/hooks', { allowLoopbackHttp: false, lookup }),
    ).resolves.toEqual({
      delivered: false,
      reason: 'partner.example resolves to 10.0.0.1, which is not a public address',
    });
    // One private answer among public ones is enough.
    lookup.mockResolvedValueOnce([
      { address: '8.8.8.8', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ]);
    await expect(send('https://partner.example/hooks', { lookup })).resolves.toMatchObject({
      delivered: false,
    });
    expect(lookup).toHaveBeenCalledWith('partner.example', { all: true });
    expect(httpsSpy).not.toHaveBeenCalled();
    expect(httpSpy).not.toHaveBeenCalled();
  });

  it('is not delivered when the name does not resolve', async () => {
    const lookup: LookupAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(send('https://nowhere.example/', { lookup })).resolves.toMatchObject({
      delivered: false,
      reason: expect.stringContaining('ENOTFOUND'),
    });
  });

  it('counts a resolution that hangs against the timeout', async () => {
    const lookup: LookupAll = () => new Promise(() => {});
    await expect(send('https://partner.example/', { lookup, timeoutMs: 100 })).resolves.toEqual({
      delivered: false,
      reason: 'timeout',
    });
  });

  it('connects to the checked address with the original name for Host and SNI (no second resolution)', async () => {
    let captured: { url: URL; options: https.RequestOptions } | undefined;
    jest.spyOn(https, 'request').mockImplementation(((url: URL, options: https.RequestOptions) => {
      captured = { url, options };
      // A request that fails as soon as it is sent: nothing leaves this process.
      const fake = Object.assign(new EventEmitter(), {
        end: () =>
          process.nextTick(() => fake.emit('error', Object.assign(new Error('stub'), { code: 'ESTUB' }))),
        destroy: () => {},
      });
      return fake;
    }) as never);
    const lookup = jest.fn<ReturnType<LookupAll>, Parameters<LookupAll>>(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    await expect(
      send('https://partner.example/hooks', { allowLoopbackHttp: false, lookup }),
    ).resolves.toEqual({
      delivered: false,
      reason: 'network error: ESTUB',
    });
    expect(captured!.url.hostname).toBe('partner.example');
    expect(captured!.options).toMatchObject({ method: 'POST', agent: false });
    const pinned = captured!.options.lookup as unknown as (
      host: string,
      opts: { all?: boolean; family?: number },
      cb: (err: Error | null, address: unknown, family?: number) => void,
    ) => void;
    const ask = (opts: { all?: boolean; family?: number }) =>
      new Promise<unknown[]>((resolve) => pinned('partner.example', opts, (...args) => resolve(args)));
    await expect(ask({ all: true })).resolves.toEqual([
      null,
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    ]);
    await expect(ask({})).resolves.toEqual([null, '93.184.216.34', 4]);
    await expect(ask({ family: 6 })).resolves.toEqual([null, '2606:2800:220:1::1', 6]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('pins localhost (sandbox allowance) to the loopback address it resolved once', async () => {
    const p = await started((req, res) => res.writeHead(200).end(req.headers.host));
    // A rebinding resolver: the first answer is checked, later answers would go elsewhere.
    let calls = 0;
    const lookup: LookupAll = async () =>
      ++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    await expect(send(`http://localhost:${p.port}/hooks`, { lookup })).resolves.toEqual({
      delivered: true,
      status: 200,
    });
    expect(calls).toBe(1);
    expect(p.received[0]!.headers.host).toBe(`localhost:${p.port}`);
    // localhost resolving to anything but loopback is refused.
    const elsewhere: LookupAll = async () => [{ address: '8.8.8.8', family: 4 }];
    await expect(send(`http://localhost:${p.port}/hooks`, { lookup: elsewhere })).resolves.toMatchObject({
      delivered: false,
    });
    expect(p.received).toHaveLength(1);
  });

  it('throws only for our own misconfiguration', async () => {
    await expect(send('https://partner.example/', { secrets: [] })).rejects.toThrow(/secret/);
    await expect(send('https://partner.example/', { secrets: [''] })).rejects.toThrow(/secret/);
    await expect(send('https://partner.example/', { webhookId: '' })).rejects.toThrow(/webhook id/);
  });
});
