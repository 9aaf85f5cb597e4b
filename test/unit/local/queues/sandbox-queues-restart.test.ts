/**
 * The sandbox's queues across restarts, against fauxqs in a child process (support/queues-child.ts),
 * with the queues made from the construct settings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { sandboxSqsClient } from '#local/queues/local-sqs';
import { type QueuesProcess, startQueuesProcess } from './support/queues-process';

describe('the sandbox queues across restarts', () => {
  it('keep their messages, release the ones a stopped run had in flight, and start empty when fresh', async () => {
    const stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-queues-'));
    const started: QueuesProcess[] = [];
    const open = async (fresh: boolean) => {
      const queues = await startQueuesProcess(stateDir, { fresh });
      started.push(queues);
      return queues;
    };
    try {
      const first = await open(true);
      const client = sandboxSqsClient(first.endpoint);
      await client.send(
        new SendMessageBatchCommand({
          QueueUrl: first.batchQueue.url,
          Entries: [
            { Id: 'a', MessageBody: 'in-flight' },
            { Id: 'b', MessageBody: 'waiting' },
          ],
        }),
      );
      // Received and never settled: invisible for the queue's 180 s visibility timeout.
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({ QueueUrl: first.batchQueue.url, MaxNumberOfMessages: 1 }),
      );
      expect(Messages).toHaveLength(1);
      client.destroy();
      await first.stop();

      const second = await open(false);
      expect(second.released).toBe(1);
      const again = sandboxSqsClient(second.endpoint);
      const back: string[] = [];
      const until = Date.now() + 5_000;
      while (back.length < 2 && Date.now() < until) {
        const { Messages: received = [] } = await again.send(
          new ReceiveMessageCommand({
            QueueUrl: second.batchQueue.url,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
          }),
        );
        back.push(...received.map((m) => m.Body!));
      }
      // Within a second, not after the 180 s visibility timeout.
      expect(Date.now()).toBeLessThan(until);
      expect(back.sort()).toEqual(['in-flight', 'waiting']);
      again.destroy();
      await second.stop();

      const fresh = await open(true);
      const client3 = sandboxSqsClient(fresh.endpoint);
      const { Messages: none = [] } = await client3.send(
        new ReceiveMessageCommand({ QueueUrl: fresh.batchQueue.url, MaxNumberOfMessages: 10 }),
      );
      expect(none).toEqual([]);
      client3.destroy();
    } finally {
      await Promise.all(started.map((q) => q.stop()));
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
