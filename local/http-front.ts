/**
 * The sandbox's HTTP server: API Gateway's behaviour (gateway/gateway-listener.ts) on
 * 127.0.0.1, with the gateway's limits on request lines and headers, and a docs/decisions/http-requests.md D1
 * answer to whatever Node cannot parse.
 */
import { createServer, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { GATEWAY_ANSWER_HEADERS } from '#lib/api/gateway-answer-headers';
import { gatewayAnswers, gatewayErrorBody } from './gateway/gateway-errors';
import { createGatewayListener, type GatewayOptions } from './gateway/gateway-listener';
import { listenOnLoopback } from './listen';

/** What the front reads of a request line and its headers, together. */
export const MAX_HEADER_BYTES = 24 * 1024;

/** A request Node cannot parse (headers too large, malformed HTTP) still gets a docs/decisions/http-requests.md D1 answer. */
const answerUnreadable = (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (!socket.writable) return;
  const gateway =
    error.code === 'HPE_HEADER_OVERFLOW' ? gatewayAnswers.headersTooLarge : gatewayAnswers.badRequest;
  const body = gatewayErrorBody(gateway);
  const headers = Object.entries(GATEWAY_ANSWER_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${gateway.statusCode} ${STATUS_CODES[gateway.statusCode]}\r\n${headers.join('')}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

export interface HttpFront {
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startHttpFront(options: GatewayOptions & { port?: number } = {}): Promise<HttpFront> {
  // API Gateway takes URLs up to 10,240 characters and 10,240 bytes of headers; Node's default
  // of 16 KiB for both together is lower.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, createGatewayListener(options));
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerUnreadable(error, socket));
  const port = await listenOnLoopback(server, options.port ?? 0);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open until clients hang up.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
