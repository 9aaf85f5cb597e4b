import { createServer } from 'node:http';
import { type AwsJsonAnswer, type AwsJsonRequest, awsJsonListener } from '../aws-json-listener';
import { serveOnLoopback } from '../listen';
import { EventsApiError, type EventTarget, MAX_REQUEST_BYTES, putEvents } from './put-events';
import type { SandboxEventRule } from './synthesize-event-rule';

export const AMZ_JSON_1_1 = 'application/x-amz-json-1.1';
export const PUT_EVENTS_TARGET = 'AWSEvents.PutEvents';
/** Room for the JSON around entries of MAX_REQUEST_BYTES (escaping, field names). */
const MAX_BODY_BYTES = 2 * MAX_REQUEST_BYTES;

/** The answer to one request: status and JSON body. */
export async function eventsAnswer(
  rule: SandboxEventRule,
  target: EventTarget,
  request: AwsJsonRequest,
): Promise<AwsJsonAnswer> {
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
  const server = createServer(
    awsJsonListener({
      contentType: AMZ_JSON_1_1,
      maxBodyBytes: MAX_BODY_BYTES,
      internalError: 'InternalException',
      service: 'EventBridge',
      answer: (request) => eventsAnswer(rule, target, request),
      ...(options.logError ? { logError: options.logError } : {}),
    }),
  );
  return serveOnLoopback(server, options.port ?? 0);
}
