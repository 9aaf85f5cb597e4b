import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** One request of an AWS JSON protocol (Step Functions 1.0, EventBridge 1.1) as the sandbox reads it. */
export interface AwsJsonRequest {
  readonly method: string;
  /** `X-Amz-Target`: `<service prefix>.<operation>`. */
  readonly target: string | undefined;
  /** The body, or undefined when it was over the size limit. */
  readonly body: Buffer | undefined;
}

export interface AwsJsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export interface AwsJsonListenerOptions {
  /** `application/x-amz-json-1.0` or `-1.1`. */
  readonly contentType: string;
  readonly maxBodyBytes: number;
  /** The error code of an unexpected failure (`InternalFailure`, `InternalException`). */
  readonly internalError: string;
  /** Names the service in the log line of an unexpected failure. */
  readonly service: string;
  readonly answer: (request: AwsJsonRequest) => Promise<AwsJsonAnswer>;
  readonly logError?: (message: string, error: unknown) => void;
}

/** The body up to `maxBytes`; undefined when it was longer (the rest is read and dropped). */
export const readBodyUpTo = (req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * An HTTP listener for an AWS JSON protocol: reads the target and body, answers with the JSON the
 * SDK expects (a request id, and the error type in `x-amzn-ErrorType` as in the body's `__type`),
 * and turns an unexpected failure into the service's internal error.
 */
export function awsJsonListener(options: AwsJsonListenerOptions): RequestListener {
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  return (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: Record<string, unknown>) => {
      const text = JSON.stringify(body);
      res.statusCode = status;
      res.setHeader('Content-Type', options.contentType);
      res.setHeader('x-amzn-RequestId', randomUUID());
      if (typeof body.__type === 'string') res.setHeader('x-amzn-ErrorType', body.__type);
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
    };
    const header = req.headers['x-amz-target'];
    const target = Array.isArray(header) ? header[0] : header;
    readBodyUpTo(req, options.maxBodyBytes)
      .then((body) => options.answer({ method: req.method ?? 'GET', target, body }))
      .then(
        ({ status, body }) => send(status, body),
        (error: unknown) => {
          logError(`${options.service} ${String(target)} failed:`, error);
          send(500, { __type: options.internalError, message: 'The sandbox could not process the request' });
        },
      );
  };
}
