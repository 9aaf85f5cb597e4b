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

/**
 * The answer to HEAD: the status and headers its GET has, with that body's length and no body
 * (RFC 9110 §8.6; docs/decisions/api-contract.md D87).
 */
export const headOf = (get: APIGatewayProxyResult): APIGatewayProxyResult => ({
  statusCode: get.statusCode,
  headers: {
    ...get.headers,
    'Content-Length': String(Buffer.byteLength(get.body, get.isBase64Encoded ? 'base64' : 'utf8')),
  },
  body: '',
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
