import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer = (req: http.IncomingMessage, res: http.ServerResponse, received: Received) => void;

/** A partner on 127.0.0.1 (on `port`, else a free one): records each request, then answers as `answer` says. */
export const partner = async (answer: Answer, { port: wanted = 0 }: { port?: number } = {}) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      answer(req, res, r);
    });
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks/reports`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A partner that answers its requests with these statuses in turn, then 200. */
export const partnerAnswering = (statuses: readonly number[]) => {
  const queue = [...statuses];
  return partner((_req, res) => {
    res.statusCode = queue.shift() ?? 200;
    res.end();
  });
};
