import { connect } from 'node:net';

/**
 * Sends raw bytes to an HTTP server and reads its whole answer until it closes the connection:
 * for requests fetch cannot send (bytes that are not HTTP).
 */
export const rawHttpAnswer = (port: number, request: string, host = '127.0.0.1'): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.end(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
