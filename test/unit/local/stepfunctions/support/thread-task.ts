/**
 * A task function for the tests of the task functions' worker thread (task-thread.test.ts): what
 * it does is the event's `do`. Loaded in the worker by importHandler, as the sandbox loads the
 * stack's task functions.
 */

import { isMainThread, threadId } from 'node:worker_threads';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { documentClient } from '#functions/contracts/functions-dynamodb-client';

export type ThreadTaskEvent =
  | { readonly do: 'where' }
  | { readonly do: 'spin'; readonly ms: number }
  | { readonly do: 'throw'; readonly name: string; readonly message: string }
  | { readonly do: 'read'; readonly pk: string }
  | { readonly do: 'crash' };

const spin = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Synchronous work, as a catalogue plan's validation and hashes are.
  }
};

export const handler = async (event: ThreadTaskEvent, context: Context): Promise<unknown> => {
  switch (event.do) {
    case 'where':
      return {
        isMainThread,
        threadId,
        remainingMs: context.getRemainingTimeInMillis(),
        functionName: context.functionName,
        table: process.env.TABLE_NAME,
      };
    case 'spin':
      spin(event.ms);
      return { spun: event.ms };
    case 'throw':
      throw Object.assign(new Error(event.message), { name: event.name });
    case 'crash':
      // Thrown where nothing catches it, and never answered.
      setTimeout(() => {
        throw new Error('Nothing caught this');
      }, 0);
      return new Promise(() => {});
    case 'read':
      return documentClient.send(
        new GetCommand({ TableName: 'commerce-test', Key: { pk: event.pk, sk: 'X' } }),
      );
  }
};
