/**
 * Location headers over HTTP (issue 14 §4, docs/decisions/http-requests.md D61): the batch's 201, the report's 202
 * and the status endpoint's 303 point at the sandbox's own origin whatever `Host` and
 * `X-Forwarded-Proto` the client sends, so a client cannot make the API send anyone elsewhere.
 */
import { baseUrl } from './support/api';
import { assertDocumented } from './support/api-contract';
import { checkedAnswer, type RawAnswer, sendRaw } from './support/raw-http';
import { UNKNOWN_ORDER_ID } from './support/seed-identities';
import { tokenFor } from './support/tokens';

/** A user the seed does not have: owns no order, so its batch and report change nothing. */
const CALLER = 900_014;
const HOSTILE_HEADERS: readonly [string, string][] = [
  ['host', 'evil.example'],
  ['x-forwarded-proto', 'https://evil.example/#'],
  ['x-forwarded-host', 'evil.example'],
];

const origin = () => new URL(baseUrl()).origin;
const send = async (method: string, target: string, body?: unknown): Promise<RawAnswer> => {
  const answer = await sendRaw(origin(), {
    method,
    target,
    headers: [
      ...HOSTILE_HEADERS,
      ['authorization', `Bearer ${tokenFor(CALLER)}`],
      ...(body === undefined ? [] : ([['content-type', 'application/json']] as [string, string][])),
    ],
    ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
  });
  assertDocumented(method, target, checkedAnswer(answer));
  return answer;
};

it("the batch's 201 points at the API's own URL", async () => {
  const answer = await send('POST', '/v1/orders/batches', {
    items: [{ id: UNKNOWN_ORDER_ID, sent_on: '2026-01-15' }],
  });
  expect(answer.status).toBe(201);
  const { id } = JSON.parse(answer.body.toString()) as { id: number };
  expect(answer.headers.location).toBe(`${baseUrl()}/orders/batches/${id}`);
});

it("the report's 202 and its status's 303 point at the API's own URLs", async () => {
  const created = await send('POST', '/v1/orders/reports', {
    start_date: '2025-01-01',
    end_date: '2025-01-31',
  });
  expect(created.status).toBe(202);
  const { id } = JSON.parse(created.body.toString()) as { id: string };
  expect(created.headers.location).toBe(`${baseUrl()}/orders/reports/status/${id}`);

  const until = Date.now() + 30_000;
  let status: RawAnswer;
  do {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    status = await send('GET', `/v1/orders/reports/status/${id}`);
  } while (status.status === 200 && Date.now() < until);
  expect(status.status).toBe(303);
  expect(status.headers.location).toBe(`${baseUrl()}/orders/reports/${id}`);
});
