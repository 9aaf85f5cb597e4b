import type { APIGatewayProxyResult } from 'aws-lambda';

const JSON_TYPE = 'application/json';

/** A JSON answer; no body at all for `undefined` (HEAD, 204). */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { 'Content-Type': JSON_TYPE, ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

export interface FileReply {
  readonly contentType: string;
  readonly fileName: string;
  readonly data: Uint8Array;
}

/** A file, sent base64-encoded, which API Gateway turns back into bytes. */
export const fileResponse = (
  status: number,
  file: FileReply,
  headers: Readonly<Record<string, string>>,
): APIGatewayProxyResult => ({
  statusCode: status,
  headers: {
    ...headers,
    'Content-Type': file.contentType,
    // The name is ours (dates and a fixed prefix), never the client's, so it needs no escaping.
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  },
  isBase64Encoded: true,
  body: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength).toString('base64'),
});
