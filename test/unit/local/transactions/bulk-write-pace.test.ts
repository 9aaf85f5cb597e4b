import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  READS_WHILE_READ,
  SANDBOX_BULK_WRITES_WHILE_READ,
  startTransactionFront,
  type TransactionFront,
} from '#local/transactions/transaction-front';

/**
 * docs/decisions/sandbox-and-tools.md D81: while the table is read, the sandbox's DynamoDB front lets a publish's bulk
 * writes (BatchWriteItem) reach dynalite a few at a time, so readers' queries are not served
 * behind 32 of them; without readers they pass as they come. Here the upstream is a stand-in for
 * dynalite that holds each call 50 ms and counts the bulk writes it serves at once.
 */
let upstream: Server;
let front: TransactionFront;
/** A front whose clock stands still: a read stays recent, however slow the machine. */
let stillFront: TransactionFront;
/** The same, read through the API only (listings read memory, no table item: D91). */
let apiFront: TransactionFront;
let inFlight = 0;
let mostAtOnce = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const bulk = req.headers['x-amz-target'] === 'DynamoDB_20120810.BatchWriteItem';
    if (bulk) mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        if (bulk) inFlight--;
        res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.0' });
        res.end(bulk ? '{"UnprocessedItems":{}}' : '{}');
      }, 50),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  front = await startTransactionFront(endpoint);
  stillFront = await startTransactionFront(endpoint, { now: () => 1_000 });
  apiFront = await startTransactionFront(endpoint, { now: () => 1_000 });
});

afterAll(async () => {
  await front.close();
  await stillFront.close();
  await apiFront.close();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  mostAtOnce = 0;
});

const call = async (operation: string, through = front) => {
  const answer = await fetch(through.endpoint, {
    method: 'POST',
    headers: {
      'X-Amz-Target': `DynamoDB_20120810.${operation}`,
      'Content-Type': 'application/x-amz-json-1.0',
    },
    body: '{}',
  });
  expect(answer.status).toBe(200);
  await answer.text();
};

describe('bulk writes through the sandbox DynamoDB front', () => {
  it('pass as they come while nobody reads', async () => {
    await Promise.all(Array.from({ length: 4 }, () => call('BatchWriteItem')));
    expect(mostAtOnce).toBe(4);
  });

  it('pass as they come beside a command polling a record', async () => {
    await call('GetItem', stillFront);
    await Promise.all(Array.from({ length: 4 }, () => call('BatchWriteItem', stillFront)));
    expect(mostAtOnce).toBe(4);
  });

  it('pass a few at a time while the table is read, every one answered', async () => {
    for (let i = 0; i < READS_WHILE_READ; i++) await call('Query', stillFront);
    await Promise.all(Array.from({ length: 6 }, () => call('BatchWriteItem', stillFront)));
    expect(SANDBOX_BULK_WRITES_WHILE_READ).toBeLessThan(6);
    expect(mostAtOnce).toBe(SANDBOX_BULK_WRITES_WHILE_READ);
  });

  it('pass a few at a time while the API is read, though its readers read no table item', async () => {
    await Promise.all(Array.from({ length: 4 }, () => call('BatchWriteItem', apiFront)));
    expect(mostAtOnce).toBe(4);
    mostAtOnce = 0;
    for (let i = 0; i < READS_WHILE_READ; i++) apiFront.noteRead();
    await Promise.all(Array.from({ length: 6 }, () => call('BatchWriteItem', apiFront)));
    expect(mostAtOnce).toBe(SANDBOX_BULK_WRITES_WHILE_READ);
  });
});
