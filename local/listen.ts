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
