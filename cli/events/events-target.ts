import * as path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { eventBusName, eventsDeadLetterQueueName, orderEventsSettings } from '#lib/order-events-settings';
import { sandboxDynamoDbClient } from '#local/local-dynamodb';
import { sandboxSqsClient } from '#local/queues/local-sqs';
import { retryDelaySeconds } from '#local/queues/queue-wiring';
import { shownDir } from '#local/running-sandbox';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION, SANDBOX_STAGE } from '#local/sandbox-identity';
import { DEFAULT_STATE_DIR } from '#local/state-dir';
import { stackOutputs } from '../stack-outputs';
import { requireRunningSandbox } from '../stage-command';

/** The stage's table (its event outcome items) and its events queues, for outcomes, dead letters and redrives. */
export interface EventsResources {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly sqs: SQSClient;
  readonly deadLetterQueueUrl: string;
  /** The events queue, which `redrive` sends to (an output that stacks deployed before it lack). */
  queueUrl(): string;
}

/** Where events go: a client and the stage's bus; the rest of the stage when a command needs it. */
export interface EventsTarget {
  readonly stage: string;
  readonly client: EventBridgeClient;
  readonly busName: string;
  /** The options that name this stage again in a command we suggest: `--stage NAME`, or the sandbox's `--state-dir DIR` when it is not the default. */
  readonly flags: string;
  /** The dead-letter queue's name, for messages. */
  readonly deadLetterQueueName: string;
  /** How a refused event is retried there, for messages: `3 receives … over about 6 minutes`. */
  readonly retries: string;
  /** The table and queues: sandbox.json's, or the stack's outputs (read once, when first asked). */
  resources(): Promise<EventsResources>;
  close(): void;
}

const { maxReceiveCount, visibilityTimeoutSeconds } = orderEventsSettings.queue;

const documentClient = (client: DynamoDBClient) =>
  DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

/**
 * The stage to act on: `sandbox` (the default) is the sandbox running on the state directory,
 * whose bus, table and queues `sandbox.json` names; any other stage is a deployed one, reached with
 * the AWS SDK's default credentials and region (AWS_PROFILE, AWS_REGION …), its bus
 * `commerce-api-<stage>`, its table and queues from its stack's outputs.
 */
export function resolveEventsTarget(stage: string | undefined, stateDir: string): EventsTarget {
  const name = stage ?? SANDBOX_STAGE;
  const made: { destroy(): void }[] = [];
  const close = () => {
    for (const client of made) client.destroy();
  };
  if (name !== SANDBOX_STAGE) {
    const client = new EventBridgeClient({});
    made.push(client);
    let resources: Promise<EventsResources> | undefined;
    return {
      stage: name,
      client,
      busName: eventBusName(name),
      flags: ` --stage ${name}`,
      deadLetterQueueName: eventsDeadLetterQueueName(name),
      retries: `${maxReceiveCount} receives in all, ${visibilityTimeoutSeconds / 60} minutes apart`,
      resources: () => {
        resources ??= stackOutputs(name).then((outputs) => {
          const dynamodb = new DynamoDBClient({});
          const sqs = new SQSClient({});
          made.push(dynamodb, sqs);
          return {
            doc: documentClient(dynamodb),
            tableName: outputs.need('TableName'),
            sqs,
            deadLetterQueueUrl: outputs.need('EventsDeadLetterQueueUrl'),
            queueUrl: () => outputs.need('EventsQueueUrl'),
          };
        });
        return resources;
      },
      close,
    };
  }
  const running = requireRunningSandbox(stateDir);
  const client = new EventBridgeClient({
    endpoint: running.eventsEndpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
  });
  const dynamodb = sandboxDynamoDbClient(running.dynamodbEndpoint);
  const sqs = sandboxSqsClient(running.sqsEndpoint);
  made.push(client, dynamodb, sqs);
  const resources: EventsResources = {
    doc: documentClient(dynamodb),
    tableName: running.tableName,
    sqs,
    deadLetterQueueUrl: running.eventsDeadLetterQueueUrl,
    queueUrl: () => running.eventsQueueUrl,
  };
  return {
    stage: name,
    client,
    busName: eventBusName(SANDBOX_STAGE),
    flags:
      path.resolve(running.stateDir) === path.resolve(DEFAULT_STATE_DIR)
        ? ''
        : ` --state-dir ${shownDir(running.stateDir)}`,
    deadLetterQueueName: eventsDeadLetterQueueName(SANDBOX_STAGE),
    retries: `${maxReceiveCount} receives in all, ${retryDelaySeconds(visibilityTimeoutSeconds)} s apart in the sandbox`,
    resources: async () => resources,
    close,
  };
}
