/**
 * The SDK floor (docs/performance.md "Budgets"): a bare handler that sends the AWS requests a function sends
 * for its event, with the functions' own client set-up (functions/commons/clients/dynamodb.ts,
 * bundled with the same esbuild options by bench/bundles.ts), and nothing else: no middleware,
 * no schemas, no logger, no metrics. A token route's floor first takes the caller from the
 * authorizer context exactly as the functions do (functions/commons/http/caller-context.ts).
 * What it sends for each function is bench/floor-plans.ts's; writes go to the floor's own items
 * (pk `BENCH#FLOOR`), so they cost a write without touching what the functions read.
 *
 * This module is the floor with the DynamoDB client only; bench/floors/*-floor.ts add one more
 * client each, for the functions that have one.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  callerFromAuthorizer,
  documentClient,
  tableName,
} from '#functions/contracts/floor-parts/sdk-floor-parts';
import type { FloorEvent, FloorRequest } from './floor-event';

/** Sends the requests this floor's client knows; undefined for a request it does not. */
export type Sender = (request: FloorRequest) => Promise<unknown> | undefined;

const dynamoDb: Sender = (request) => {
  if ('get' in request) {
    return documentClient
      .send(new GetCommand({ TableName: tableName(), Key: request.get }))
      .then((out) => out.Item);
  }
  if ('batchGet' in request) {
    return documentClient
      .send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [...request.batchGet] } } }))
      .then((out) => out.Responses);
  }
  if ('query' in request) {
    const { index, partitionKey, partition, limit } = request.query;
    return documentClient
      .send(
        new QueryCommand({
          TableName: tableName(),
          ...(index ? { IndexName: index } : {}),
          KeyConditionExpression: '#p = :p',
          ExpressionAttributeNames: { '#p': partitionKey },
          ExpressionAttributeValues: { ':p': partition },
          Limit: limit,
        }),
      )
      .then((out) => out.Items);
  }
  if ('update' in request) {
    return documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: request.update,
        UpdateExpression: 'ADD #n :one',
        ExpressionAttributeNames: { '#n': 'hits' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
  }
  if ('put' in request) {
    return documentClient.send(
      new PutCommand({ TableName: tableName(), Item: { ...request.put, at: Date.now() } }),
    );
  }
  return undefined;
};

/** A floor handler over DynamoDB and, optionally, one more client. */
export const floorHandler =
  (other?: Sender) =>
  async (event: FloorEvent): Promise<{ statusCode: number; body: string }> => {
    if (event.token && !callerFromAuthorizer(event.requestContext?.authorizer)) {
      return { statusCode: 401, body: '' };
    }
    let last: unknown;
    for (const step of event.steps) {
      const answers = await Promise.all(
        step.map((request) => {
          const sent = dynamoDb(request) ?? other?.(request);
          if (!sent) throw new Error(`This floor cannot send ${JSON.stringify(request)}`);
          return sent;
        }),
      );
      last = answers.at(-1);
    }
    return { statusCode: 200, body: JSON.stringify(last ?? null) };
  };

export const handler = floorHandler();
