/**
 * Where the sandbox's DynamoDB front (transaction-front.ts) sends what it passes on: dynalite on
 * an endpoint (the unit tests' tables), or dynalite's own request handler in the same thread (the
 * sandbox, whose front serves in dynalite's thread: local/dynalite-thread.ts,
 * docs/decisions/sandbox-and-tools.md D99). Either way dynalite answers exactly what it would
 * answer over HTTP.
 */
import { EventEmitter } from 'node:events';
import { type Agent, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { type DynamoDbCall, DynamoDbError } from './dynamodb-call';

export interface DynamoDbUpstream {
  /** Answers a request the front passes on, on `res`; resolves once it is answered. */
  pass(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void>;
  /** The front's own requests (a transaction's items, one by one). */
  readonly call: DynamoDbCall;
}

/**
 * dynalite checks that a request is signed, not the signature: the front's own requests carry a
 * well-formed header for the sandbox's credentials.
 */
const SIGNED = {
  'x-amz-date': '20250101T000000Z',
  authorization:
    'AWS4-HMAC-SHA256 Credential=SANDBOX/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
};
const AMZ_JSON_1_0 = 'application/x-amz-json-1.0';

const targetOf = (operation: string) => `DynamoDB_20120810.${operation}`;

/** An answer of dynalite's as the SDK would see it: the output, or DynamoDB's error. */
const settle = (
  status: number,
  text: string,
  resolve: (output: Record<string, unknown>) => void,
  reject: (error: Error) => void,
) => {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text || '{}');
  } catch (error) {
    reject(error as Error);
    return;
  }
  if (status < 300) {
    resolve(parsed);
    return;
  }
  const type = String(parsed.__type ?? '');
  const message = String(parsed.message ?? parsed.Message ?? `dynalite answered ${status}`);
  // A request dynalite refuses (a failed condition, a bad item) is the caller's error, as in AWS.
  reject(
    status < 500 && type
      ? new DynamoDbError(type.slice(type.lastIndexOf('#') + 1), message)
      : new Error(`dynalite answered ${status} ${type}: ${message}`),
  );
};

/**
 * DynamoDB JSON requests to `endpoint` as they are, not through the SDK, for the sandbox's own
 * tools: the front's transaction items arrive in DynamoDB's wire format, and the SDK's
 * serializing and signing cost about 0.7 ms a request here.
 */
export function dynamoDbJsonCaller(endpoint: string, agent: Agent): DynamoDbCall {
  const upstream = new URL(endpoint);
  return (operation, input) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(input);
      const sent = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: 'POST',
          path: '/',
          agent,
          headers: {
            ...SIGNED,
            'content-type': AMZ_JSON_1_0,
            'content-length': Buffer.byteLength(body),
            'x-amz-target': targetOf(operation),
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () =>
            settle(answer.statusCode ?? 500, Buffer.concat(chunks).toString('utf8'), resolve, reject),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
}

/** dynalite on `endpoint`, over HTTP. */
export function httpUpstream(
  endpoint: string,
  agent: Agent,
  logError: (message: string, error: unknown) => void,
): DynamoDbUpstream {
  const upstream = new URL(endpoint);
  return {
    pass: (req, res, body) =>
      new Promise<void>((resolve) => {
        const forwarded = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: upstream.host },
            agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 500, answer.headers);
            answer.pipe(res);
            answer.on('end', resolve);
            answer.on('error', resolve);
          },
        );
        forwarded.on('error', (error) => {
          logError('DynamoDB request to dynalite failed:', error);
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': AMZ_JSON_1_0 });
          res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' }));
          resolve();
        });
        forwarded.end(body);
      }),
    call: dynamoDbJsonCaller(endpoint, agent),
  };
}

type DynaliteHandler = (req: EventEmitter, res: object) => void;

/** A request as dynalite's handler reads one: its headers, then its body as data events. */
const requestOf = (headers: IncomingMessage['headers'], body: Buffer) => {
  const req = Object.assign(new EventEmitter(), { headers, method: 'POST', url: '/' });
  return {
    req,
    send: () => {
      req.emit('data', body);
      req.emit('end');
    },
  };
};

/**
 * dynalite's request handler, called in this thread: the server is dynalite's (never listening),
 * whose one request listener is its handler bound to its store. No socket, no HTTP parsing, no
 * copy between threads: a transaction's three items cost three calls, not three round trips.
 */
export function inProcessUpstream(dynalite: Server): DynamoDbUpstream {
  const [handler] = dynalite.listeners('request') as DynaliteHandler[];
  if (!handler) throw new Error('dynalite has no request handler');
  return {
    pass: (req, res, body) =>
      new Promise<void>((resolve) => {
        const forwarded = requestOf(req.headers, body);
        res.once('finish', resolve).once('close', resolve);
        handler(forwarded.req, res);
        forwarded.send();
      }),
    call: (operation, input) =>
      new Promise((resolve, reject) => {
        const forwarded = requestOf(
          { ...SIGNED, 'content-type': AMZ_JSON_1_0, 'x-amz-target': targetOf(operation) },
          Buffer.from(JSON.stringify(input)),
        );
        // What dynalite does with a response: a status, headers, one body.
        const answer = {
          statusCode: 200,
          contentType: AMZ_JSON_1_0,
          setHeader: () => {},
          end: (text?: string) => settle(answer.statusCode, text ?? '', resolve, reject),
        };
        handler(forwarded.req, answer);
        forwarded.send();
      }),
  };
}
