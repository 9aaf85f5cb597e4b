/**
 * An EventBridge endpoint on 127.0.0.1 for the SDK's EventBridge client
 * (`AWS_ENDPOINT_URL_EVENTBRIDGE`, and `npm run events -- send`): the AWS JSON 1.1 protocol
 * (POST `/`, `X-Amz-Target: AWSEvents.PutEvents`, `application/x-amz-json-1.1`) for PutEvents;
 * any other operation is answered as AWS answers an unknown one. Signatures are not checked.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveOnLoopback } from '../listen';
import { EventsApiError, type EventTarget, MAX_REQUEST_BYTES, putEvents } from './put-events';
import type { SandboxEventRule } from './synthesize-event-rule';

export const AMZ_JSON_1_1 = 'application/x-amz-json-1.1';
export const PUT_EVENTS_TARGET = 'AWSEvents.PutEvents';
/** Room for the JSON around entries of MAX_REQUEST_BYTES (escaping, field names). */
const MAX_BODY_BYTES = 2 * MAX_REQUEST_BYTES;

const readBody = (req: IncomingMessage): Promise<Buffer | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The answer to one request: status and JSON body. */
export async function eventsAnswer(
  rule: SandboxEventRule,
  target: EventTarget,
  request: { method: string; target: string | undefined; body: Buffer | undefined },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = (code: string, message: string) => ({ status: 400, body: { __type: code, message } });
  if (request.method !== 'POST' || request.target !== PUT_EVENTS_TARGET) {
    return error('UnknownOperationException', `Unknown operation ${request.target ?? '(no X-Amz-Target)'}`);
  }
  if (request.body === undefined) return error('ValidationException', 'The request is too large.');
  let body: unknown;
  try {
    body = JSON.parse(request.body.toString('utf8'));
  } catch {
    return error('SerializationException', 'The request body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return error('SerializationException', 'The request body is not a JSON object.');
  }
  try {
    return { status: 200, body: await putEvents(rule, target, body as Record<string, unknown>) };
  } catch (caught) {
    if (caught instanceof EventsApiError) return error(caught.code, caught.message);
    throw caught;
  }
}

export interface EventsEndpoint {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_EVENTBRIDGE`. */
  readonly endpoint: string;
  close(): Promise<void>;
}

export async function startEventsEndpoint(
  rule: SandboxEventRule,
  target: EventTarget,
  options: { port?: number; logError?: (message: string, error: unknown) => void } = {},
): Promise<EventsEndpoint> {
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: Record<string, unknown>) => {
      const text = JSON.stringify(body);
      res.statusCode = status;
      res.setHeader('Content-Type', AMZ_JSON_1_1);
      res.setHeader('x-amzn-RequestId', randomUUID());
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
    };
    const amzTarget = req.headers['x-amz-target'];
    readBody(req)
      .then((body) =>
        eventsAnswer(rule, target, {
          method: req.method ?? 'GET',
          target: Array.isArray(amzTarget) ? amzTarget[0] : amzTarget,
          body,
        }),
      )
      .then(
        ({ status, body }) => send(status, body),
        (error: unknown) => {
          logError('EventBridge PutEvents failed:', error);
          send(500, { __type: 'InternalException', message: 'The sandbox could not process the request' });
        },
      );
  });
  return serveOnLoopback(server, options.port ?? 0);
}
