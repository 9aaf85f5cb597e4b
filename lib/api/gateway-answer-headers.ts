/**
 * The headers of every answer the gateway gives on its own: JSON, and never cached
 * (docs/decisions/http-requests.md D1, docs/decisions/api-contract.md D87). Plain data, so the
 * sandbox's front sends the same ones without loading aws-cdk-lib; the stack writes them in API
 * Gateway syntax (gateway-responses.ts).
 */
export const GATEWAY_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
};
