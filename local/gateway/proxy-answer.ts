import { GATEWAY_ANSWER_HEADERS } from '#lib/api/gateway-answer-headers';
import { type GatewayAnswer, gatewayErrorBody } from './gateway-errors';

/** An HTTP answer, as the front sends it. */
export interface Answer {
  readonly statusCode: number;
  readonly headers: [string, string | string[]][];
  readonly body: Buffer;
}

/** One of API Gateway's own answers, in the docs/decisions/http-requests.md D1 shape. */
export const gatewayAnswer = (answer: GatewayAnswer, extraHeaders: [string, string][] = []): Answer => ({
  statusCode: answer.statusCode,
  headers: [
    ...Object.entries(GATEWAY_ANSWER_HEADERS),
    ...Object.entries(answer.headers ?? {}),
    ...extraHeaders,
  ],
  body: Buffer.from(gatewayErrorBody(answer)),
});

export class InvalidProxyResult extends Error {}

/** Reads a proxy result the way API Gateway does; anything malformed is the function's error. */
export const proxyAnswer = (result: unknown): Answer => {
  if (typeof result !== 'object' || result === null)
    throw new InvalidProxyResult('The function returned no object');
  const r = result as Record<string, unknown>;
  const status = r.statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    throw new InvalidProxyResult(`Invalid statusCode ${String(status)}`);
  }
  const headers = new Map<string, { name: string; values: string[] }>();
  const add = (name: string, values: unknown[]) => {
    const entry = headers.get(name.toLowerCase()) ?? { name, values: [] };
    entry.values.push(...values.map(String));
    headers.set(name.toLowerCase(), entry);
  };
  for (const [name, value] of Object.entries((r.headers as Record<string, unknown>) ?? {}))
    add(name, [value]);
  for (const [name, values] of Object.entries((r.multiValueHeaders as Record<string, unknown[]>) ?? {})) {
    if (!Array.isArray(values)) throw new InvalidProxyResult(`multiValueHeaders.${name} is not an array`);
    add(name, values);
  }
  if (!headers.has('content-type')) add('Content-Type', ['application/json']);
  const body = r.body === undefined || r.body === null ? '' : String(r.body);
  return {
    statusCode: status,
    headers: [...headers.values()].map(({ name, values }) => [
      name,
      values.length === 1 ? values[0]! : values,
    ]),
    body: Buffer.from(body, r.isBase64Encoded === true ? 'base64' : 'utf8'),
  };
};
