/**
 * A bare HTTP client for hostile requests. `fetch` cannot send them: it normalizes `../` and
 * `%2e%2e` out of a URL before sending, refuses a body on GET and HEAD, and fixes up headers.
 * This sends the request line, the headers and the body exactly as given.
 */
import { Agent, request } from 'node:http';
import type { CheckedAnswer } from './api-contract';

export interface RawRequest {
  readonly method: string;
  /** The request target after the origin, as sent: `/v1/products/%2e%2e?page=1e309`. */
  readonly target: string;
  /** Name/value pairs in order; repeated names are sent repeated. Include `host` to send your own. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Buffer;
  /** Send the body with `Transfer-Encoding: chunked` instead of a `Content-Length`. */
  readonly chunked?: boolean;
}

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case, repeated values joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/** A raw answer as the contract check reads it (./api-contract.ts). */
export const checkedAnswer = (answer: RawAnswer): CheckedAnswer => ({
  status: answer.status,
  headers: { get: (name) => answer.headers[name.toLowerCase()] ?? null },
  text: answer.body.toString('utf8'),
});

/** Sends one request to `origin` (`http://127.0.0.1:<port>`) and reads the whole answer. */
export const sendRaw = (origin: string, raw: RawRequest, timeoutMs = 15_000): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const headers: string[] = raw.headers.flat();
    const ownHost = raw.headers.some(([name]) => name.toLowerCase() === 'host');
    if (!ownHost) headers.push('host', `${hostname}:${port}`);
    if (raw.body !== undefined) {
      if (raw.chunked) headers.push('transfer-encoding', 'chunked');
      else headers.push('content-length', String(raw.body.length));
    }
    let answered = false;
    const req = request(
      { hostname, port, method: raw.method, path: raw.target, headers, agent, setHost: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const answer: Record<string, string> = {};
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!.toLowerCase();
            const value = res.rawHeaders[i + 1]!;
            answer[name] = name in answer ? `${answer[name]}, ${value}` : value;
          }
          resolve({ status: res.statusCode ?? 0, headers: answer, body: Buffer.concat(chunks) });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    // A server may answer (413) and close before it has read a large body: the answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (raw.body === undefined) req.end();
    else if (raw.chunked) {
      // Several chunks, as a streaming client sends them.
      const size = 256 * 1024;
      for (let at = 0; at < raw.body.length; at += size) req.write(raw.body.subarray(at, at + size));
      req.end();
    } else req.end(raw.body);
  });
