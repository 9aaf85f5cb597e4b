import { readJsonBody } from '#commons/http/read-json-body';
import { apiEvent } from '#test/unit/support/api-event';

/** Header names in lower case, as http-header-normalizer hands them on. */
const event = (body: string | undefined, contentType?: string) =>
  apiEvent({
    method: 'POST',
    resource: '/v1/orders/batches',
    ...(body === undefined ? {} : { body }),
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string };
    return { status, code, message };
  }
  throw new Error('it did not throw');
};

describe('readJsonBody (docs/decisions/http-requests.md D63)', () => {
  it.each([
    ['application/json', { a: 1 }],
    ['application/json; charset=utf-8', { a: 1 }],
    ['Application/JSON; Charset="UTF-8"', { a: 1 }],
    [' application/json ;charset=Utf-8 ', { a: 1 }],
    ['application/merge-patch+json', { a: 1 }],
  ])('reads a body sent as %s', (type, expected) => {
    expect(readJsonBody(event('{"a":1}', type), false)).toEqual(expected);
  });

  it('takes a body without Content-Type as JSON', () => {
    expect(readJsonBody(event('[1]'), false)).toEqual([1]);
  });

  it('refuses another media type with a 415', () => {
    expect(failure(() => readJsonBody(event('a=1', 'application/x-www-form-urlencoded'), false))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: 'The request body must be JSON (application/json).',
    });
  });

  it.each([
    'application/json; charset=iso-8859-1',
    'application/json; charset=utf-16',
    'application/merge-patch+json; charset=latin1',
    'application/json; charset=utf8',
  ])('refuses JSON in another charset than UTF-8 (%s) with a 415 (D87)', (type) => {
    expect(failure(() => readJsonBody(event('{"a":1}', type), false))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: 'The request body must be UTF-8: send charset=utf-8 or no charset.',
    });
  });

  it.each([
    'application/json garbage',
    'application/json; charset',
    'application/jsonx',
    'application/json-seq',
  ])('refuses a Content-Type that names no JSON type (%s) with a 415', (type) => {
    expect(failure(() => readJsonBody(event('{"a":1}', type), false)).status).toBe(415);
  });

  it('gives undefined for no body where the body is optional, and a 400 where it is required', () => {
    expect(readJsonBody(event(undefined), true)).toBeUndefined();
    expect(failure(() => readJsonBody(event(undefined), false)).message).toBe(
      'The request body is required.',
    );
  });

  it('refuses base64 bytes that are not UTF-8, and JSON that does not parse', () => {
    const latin1 = {
      ...event(Buffer.from('{"a":"Straße"}', 'latin1').toString('base64')),
      isBase64Encoded: true,
    };
    expect(failure(() => readJsonBody(latin1, false)).message).toBe('The request body is not valid UTF-8.');
    expect(failure(() => readJsonBody(event('{"a":'), false)).message).toBe(
      'The request body is not valid JSON.',
    );
  });
});
