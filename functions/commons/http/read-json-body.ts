import type { APIGatewayProxyEvent } from 'aws-lambda';
import { parse as parseContentType } from 'content-type';
import { invalidRequest, unsupportedCharset, unsupportedMediaType } from './errors';

// Bytes that are not UTF-8 are refused, never replaced by U+FFFD (docs/decisions/http-requests.md D63). API
// Gateway hands every body over base64-encoded (the API's binary media types match any type); a
// leading byte order mark is kept, so JSON.parse refuses it as before.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/;

/**
 * 415 unless the media type is JSON (`application/json`, `application/*+json`) and its charset,
 * if given, UTF-8 (docs/decisions/api-contract.md D87): a body in another charset would be read
 * as other text than the client meant. A header that does not parse (RFC 9110) is no JSON type.
 */
const requireJson = (contentType: string): void => {
  let type: string;
  let charset: string | undefined;
  try {
    const parsed = parseContentType(contentType);
    type = parsed.type;
    charset = parsed.parameters.charset;
  } catch {
    throw unsupportedMediaType();
  }
  if (!JSON_TYPE.test(type)) throw unsupportedMediaType();
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
    throw unsupportedCharset();
  }
};

/**
 * The body's JSON; undefined for no body where the route's body is optional. Headers are read
 * by their lower-case names (http-header-normalizer runs first). A missing Content-Type is
 * taken as JSON; one is parsed by `content-type` (jshttp, RFC 7231). Not middy's http-json-body-parser, which decodes with U+FFFD replacement,
 * answers 415 to a missing Content-Type and 422 to bad JSON (D84, docs/decisions/codebase-conventions.md).
 */
export const readJsonBody = (event: APIGatewayProxyEvent, optional: boolean): unknown => {
  const sent = event.body ?? '';
  if (sent === '' && optional) return undefined;
  const contentType = event.headers?.['content-type'];
  if (contentType !== undefined) requireJson(contentType);
  if (sent === '') throw invalidRequest('The request body is required.');
  let text = sent;
  if (event.isBase64Encoded) {
    try {
      text = STRICT_UTF8.decode(Buffer.from(sent, 'base64'));
    } catch {
      throw invalidRequest('The request body is not valid UTF-8.');
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
};
