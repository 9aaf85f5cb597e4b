/**
 * Right after a deploy that raises the catalogue's layout, listings across partitions and
 * searches answer 503 with Retry-After until the stage has upgraded its catalogue (docs/decisions/catalogue-versions.md
 * D73): the smoke waits as asked, and fails, saying how long it waited, only if the stage still
 * answers so after its whole wait.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '#cli/smoke/api-client';
import { committedContract } from '#cli/smoke/openapi-contract';

const UNAVAILABLE = JSON.stringify({
  code: 'service_unavailable',
  message: 'The catalogue is being brought up to date; try again in a few seconds.',
});

/** An API whose GET /products answers 503 (Retry-After: 5) `unavailable` times, then an empty list. */
const api = async (unavailable: number) => {
  let calls = 0;
  const server: Server = createServer((_request, response) => {
    calls += 1;
    if (calls <= unavailable) {
      response
        .writeHead(503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          'retry-after': '5',
        })
        .end(UNAVAILABLE);
    } else {
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'cache-control': 'public, max-age=60',
          'content-language': 'en',
          vary: 'Accept-Language',
        })
        .end('[]');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, calls: () => calls, close: () => server.close() };
};

const listing = { method: 'GET', operation: '/products', query: { brand: 'a,b' }, expect: [200] } as const;

describe('the smoke while the catalogue is being upgraded', () => {
  it('waits as Retry-After asks and goes on with the answer that follows', async () => {
    const server = await api(2);
    const pauses: number[] = [];
    const client = new ApiClient(server.baseUrl, committedContract(), 60_000, async (ms) => {
      pauses.push(ms);
    });
    try {
      const answer = await client.call(listing);
      expect([answer.status, answer.json, pauses, server.calls()]).toEqual([200, [], [5000, 5000], 3]);
    } finally {
      server.close();
    }
  });

  it('fails saying how long it waited when the stage still answers 503 after its wait', async () => {
    const server = await api(Number.POSITIVE_INFINITY);
    const client = new ApiClient(server.baseUrl, committedContract(), 12_000, async () => {});
    try {
      await expect(client.call(listing)).rejects.toThrow(
        'GET /products?brand=a,b still answered 503 service_unavailable: The catalogue is being brought up ' +
          'to date; try again in a few seconds. after 15 s of waiting, expected 200',
      );
      expect(server.calls()).toBe(4);
    } finally {
      server.close();
    }
  });
});
