import { absoluteUrl } from '#commons/http/absolute-url';
import { API_SCHEME_ENV } from '#functions/contracts/environment';
import { apiEvent } from '../support/api-event';

/** What a client may write into the headers API Gateway hands on: none of it may reach a Location. */
const HOSTILE_HEADERS = {
  Host: 'evil.example',
  'X-Forwarded-Proto': 'https://evil.example/#',
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Port': '666',
};

const event = (
  requestContext: Record<string, unknown>,
  headers: Record<string, string> = HOSTILE_HEADERS,
) => {
  const base = apiEvent({ method: 'POST', resource: '/v1/orders/batches', headers });
  return { ...base, requestContext: { ...base.requestContext, ...requestContext } };
};

describe('absoluteUrl (docs/decisions/http-requests.md D61)', () => {
  afterEach(() => {
    delete process.env[API_SCHEME_ENV];
  });

  it("is https on API Gateway's own domain, whatever Host and X-Forwarded-* say", () => {
    expect(absoluteUrl(event({}), '/orders/batches/7')).toBe('https://api.example.com/v1/orders/batches/7');
  });

  it('keeps the stage the execute-api host puts before /v1', () => {
    const onExecuteApi = event({
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      path: '/dev/v1/orders/batches',
    });
    expect(absoluteUrl(onExecuteApi, '/orders/batches/7')).toBe(
      'https://abc123.execute-api.eu-west-1.amazonaws.com/dev/v1/orders/batches/7',
    );
  });

  it('keeps no prefix that is not plain path segments', () => {
    const odd = event({ path: '//evil.example/v1/orders/batches' });
    expect(absoluteUrl(odd, '/orders/batches/7')).toBe('https://api.example.com/v1/orders/batches/7');
  });

  it('is http only where the deployment says so in its environment (the sandbox)', () => {
    process.env[API_SCHEME_ENV] = 'http';
    expect(absoluteUrl(event({ domainName: '127.0.0.1:3000' }), '/orders/reports/status/1')).toBe(
      'http://127.0.0.1:3000/v1/orders/reports/status/1',
    );
    process.env[API_SCHEME_ENV] = 'javascript';
    expect(absoluteUrl(event({}), '/x')).toBe('https://api.example.com/v1/x');
  });
});
