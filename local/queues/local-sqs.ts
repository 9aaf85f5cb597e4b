import { Server } from 'node:net';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  QueueDoesNotExist,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { FauxqsServer } from 'fauxqs';
import { SANDBOX_ACCOUNT, SANDBOX_CREDENTIALS, SANDBOX_REGION } from '../sandbox-identity';

/**
 * The shortest visibility the sandbox ever sets on a received message: 1 s, never 0. fauxqs
 * 2.4.1 with a `dataDir` fails ChangeMessageVisibility to 0 (its SQLite update writes NULL
 * into a NOT NULL column: a 500 answer) after it has already taken the message out of flight,
 * so the message is lost until the next restart. A message given 1 s comes back 1 s later
 * through fauxqs's own visibility timer, which works.
 */
export const SOONEST_VISIBILITY_SECONDS = 1;

export interface LocalSqs {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_SQS` for the functions. */
  readonly endpoint: string;
  /** A client for the sandbox's own use (queue creation, the event source mappings). */
  readonly client: SQSClient;
  readonly server: FauxqsServer;
  /** Stops the server (closing its SQLite store) and the client. */
  close(): Promise<void>;
}

export interface StartLocalSqsOptions {
  /** fauxqs keeps queues and messages in SQLite here, so they survive restarts; in memory when absent. */
  readonly dataDir?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
}

export const sandboxSqsClient = (endpoint: string) =>
  new SQSClient({ endpoint, region: SANDBOX_REGION, credentials: SANDBOX_CREDENTIALS });

/**
 * Runs `start` with every `net.Server` it opens on 0.0.0.0 bound to 127.0.0.1 instead. fauxqs
 * binds all interfaces and has no option against it; the sandbox's queue must not be reachable
 * from the network (a message sent to it can set `sent_on` on any order), like dynalite and the
 * HTTP front, which listen on loopback only.
 */
async function onLoopbackOnly<T>(start: () => Promise<T>): Promise<T> {
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [first] = args;
    if (typeof first === 'object' && first !== null && (first as { host?: string }).host === '0.0.0.0') {
      args[0] = { ...first, host: '127.0.0.1' };
    }
    return (listen as (...a: unknown[]) => Server).apply(this, args);
  } as typeof listen;
  try {
    return await start();
  } finally {
    Server.prototype.listen = listen;
  }
}

/**
 * Runs `start` with every SQLite database it opens in WAL mode also set to `synchronous = NORMAL`.
 * fauxqs writes every send, receive and delete through to SQLite, each its own transaction, and
 * SQLite's default (FULL) waits for the disk at each: the sandbox's thread stood still 2 to 5 ms
 * a message here (1,000 messages sent, received and deleted: 2.3-5.3 s, with NORMAL 0.6 s). In WAL
 * mode NORMAL loses nothing when the process stops or crashes, only the last writes on a power
 * loss, which a sandbox can afford (docs/decisions/sandbox-and-tools.md D99). fauxqs gives no
 * access to its database, hence the hook, for its start only.
 */
async function withWalSyncNormal<T>(start: () => Promise<T>): Promise<T> {
  const { DatabaseSync } = await import('node:sqlite');
  const exec = DatabaseSync.prototype.exec;
  DatabaseSync.prototype.exec = function (this: InstanceType<typeof DatabaseSync>, sql: string) {
    exec.call(this, sql);
    if (/journal_mode\s*=\s*WAL/i.test(sql)) exec.call(this, 'PRAGMA synchronous = NORMAL');
  };
  try {
    return await start();
  } finally {
    DatabaseSync.prototype.exec = exec;
  }
}

/**
 * Starts fauxqs on 127.0.0.1 (docs/sandbox.md: it speaks the JSON protocol of the current SQS client,
 * counts receives and redrives to a dead-letter queue right). It is ESM only, so it is imported
 * here, lazily: modules that only build events or read settings load under Jest too.
 */
export async function startLocalSqs(options: StartLocalSqsOptions = {}): Promise<LocalSqs> {
  const { startFauxqs } = await import('fauxqs');
  const server = await onLoopbackOnly(() =>
    withWalSyncNormal(() =>
      startFauxqs({
        port: options.port ?? 0,
        logger: false,
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      }),
    ),
  );
  if (new URL(server.address).hostname !== '127.0.0.1') {
    await server.stop();
    throw new Error(
      `fauxqs listens on ${server.address}, not on loopback only: the sandbox refuses to run it`,
    );
  }
  const endpoint = `http://127.0.0.1:${server.port}`;
  const client = sandboxSqsClient(endpoint);
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    client,
    server,
    close() {
      closing ??= (async () => {
        client.destroy();
        await server.stop();
      })();
      return closing;
    },
  };
}

/**
 * A queue's URL on the local endpoint. fauxqs's own URLs use a `sqs.<region>.localhost` host,
 * which not every resolver knows, and the SQS client sends to the host of the queue URL when it
 * differs from its endpoint; on the endpoint's own origin the two agree (fauxqs finds a queue
 * by the name at the end of the path).
 */
export const localQueueUrl = (endpoint: string, name: string) => `${endpoint}/${SANDBOX_ACCOUNT}/${name}`;

export interface LocalQueue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
}

/**
 * Creates the queue with these attributes, or gives an existing one (kept from the last run)
 * these attributes: settings changed since are applied, as a deployment would.
 */
export async function ensureQueue(
  sqs: LocalSqs,
  name: string,
  attributes: Record<string, string>,
): Promise<LocalQueue> {
  const url = localQueueUrl(sqs.endpoint, name);
  let exists = true;
  try {
    await sqs.client.send(new GetQueueUrlCommand({ QueueName: name }));
  } catch (error) {
    if (!(error instanceof QueueDoesNotExist)) throw error;
    exists = false;
  }
  if (exists) {
    await sqs.client.send(new SetQueueAttributesCommand({ QueueUrl: url, Attributes: attributes }));
  } else {
    await sqs.client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  }
  const { Attributes } = await sqs.client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
  );
  const arn = Attributes?.QueueArn;
  if (!arn) throw new Error(`The local queue ${name} has no ARN`);
  return { name, url, arn };
}

/**
 * Makes the messages a previous sandbox process had received, and will never delete, visible
 * again within a second instead of after their visibility timeout (minutes). Only at start: the
 * state directory has one process at a time, so whatever is in flight then was abandoned.
 */
export async function releaseAbandonedMessages(sqs: LocalSqs, queue: LocalQueue): Promise<number> {
  const inflight = sqs.server.inspectQueue(queue.name)?.messages.inflight ?? [];
  for (const { receiptHandle } of inflight) {
    await sqs.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queue.url,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: SOONEST_VISIBILITY_SECONDS,
      }),
    );
  }
  return inflight.length;
}
