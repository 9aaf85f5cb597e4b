import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** Listens on 127.0.0.1 (port 0 = a free one) and resolves with the port actually bound. */
export const listenOnLoopback = (server: Server, port = 0): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/** A local server's URL, and a close that may be called more than once. */
export interface LoopbackEndpoint {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  close(): Promise<void>;
}

/**
 * Serves on 127.0.0.1 (port 0 = a free one). Closing drops keep-alive connections too (the
 * functions' SDK clients keep theirs open, which would hold the close), then runs `onClose`.
 */
export async function serveOnLoopback(
  server: HttpServer,
  port = 0,
  onClose: () => void = () => {},
): Promise<LoopbackEndpoint> {
  const bound = await listenOnLoopback(server, port);
  let closing: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        onClose();
      });
      return closing;
    },
  };
}
