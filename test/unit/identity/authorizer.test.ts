import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { SignJWT } from 'jose';
import { testIssuer, unsignedToken } from '../support/test-issuer';

const issuer = testIssuer();
const methodArn = 'arn:aws:execute-api:eu-west-1:123456789012:abc123/dev/GET/v1/profiles/2';
type Handler = (event: APIGatewayTokenAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;
let handler: Handler;

beforeAll(async () => {
  Object.assign(process.env, {
    JWT_ISSUER: issuer.issuer,
    JWT_AUDIENCE: 'commerce-api',
    JWT_TOKEN_USE: 'access',
    JWT_JWKS: JSON.stringify(await issuer.jwks()),
  });
  ({ handler } = await import('#functions/identity/handlers/authorizer'));
});

const authorize = (authorizationToken: string) => handler({ type: 'TOKEN', authorizationToken, methodArn });
const now = () => Math.floor(Date.now() / 1000);

describe('authorizer', () => {
  it('allows the whole API for a valid token and passes the caller on', async () => {
    const token = await issuer.sign({ sub: '2' }, { expiresIn: '1h' });
    const result = await authorize(`Bearer ${token}`);
    expect(result.principalId).toBe('2');
    expect(result.policyDocument.Statement).toEqual([
      {
        Action: 'execute-api:Invoke',
        Effect: 'Allow',
        Resource: 'arn:aws:execute-api:eu-west-1:123456789012:abc123/dev/*/*',
      },
    ]);
    expect(result.context).toEqual({
      userId: '2',
      admin: 'false',
      expiresAt: expect.stringMatching(/^\d+$/),
    });
  });

  it('makes an administrator of a member of the admin group', async () => {
    const token = await issuer.sign({ sub: '1', 'cognito:groups': ['staff', 'admin'] }, { expiresIn: '1h' });
    expect((await authorize(`Bearer ${token}`)).context).toMatchObject({ userId: '1', admin: 'true' });
  });

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const hmac = (header: object, claims: object) => {
    const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const input = `${part(header)}.${part(claims)}`;
    return `${input}.${createHmac('sha256', 'secret').update(input).digest('base64url')}`;
  };
  const refused: [string, () => Promise<string>][] = [
    ['no Bearer scheme', async () => issuer.sign({ sub: '2' }, { expiresIn: '1h' })],
    ['an empty token', async () => 'Bearer '],
    ['a malformed token', async () => 'Bearer not.a.jwt'],
    ['an expired token', async () => `Bearer ${await issuer.sign({ sub: '2' }, { expiresIn: now() - 60 })}`],
    ['a token without exp', async () => `Bearer ${await issuer.sign({ sub: '2' })}`],
    [
      'a token signed by another key',
      async () => `Bearer ${await issuer.sign({ sub: '2' }, { expiresIn: '1h', key: otherKey })}`,
    ],
    [
      'a token for another audience',
      async () => `Bearer ${await issuer.sign({ sub: '2' }, { expiresIn: '1h', audience: 'someone-else' })}`,
    ],
    [
      'a token from another issuer',
      async () => `Bearer ${await testIssuer('https://evil.test').sign({ sub: '2' }, { expiresIn: '1h' })}`,
    ],
    [
      'an id token where an access token is needed',
      async () => `Bearer ${await issuer.sign({ sub: '2', token_use: 'id' }, { expiresIn: '1h' })}`,
    ],
    [
      'an unsigned (alg none) token',
      async () =>
        `Bearer ${unsignedToken({ sub: '2', iss: issuer.issuer, aud: 'commerce-api', token_use: 'access', exp: now() + 3600 })}`,
    ],
    [
      'an HMAC token',
      async () =>
        `Bearer ${hmac({ alg: 'HS256', kid: 'test-key' }, { sub: '2', iss: issuer.issuer, aud: 'commerce-api', token_use: 'access', exp: now() + 3600 })}`,
    ],
    [
      'a token whose sub is not an integer user id',
      async () => `Bearer ${await issuer.sign({ sub: 'a1b2c3-uuid' }, { expiresIn: '1h' })}`,
    ],
  ];
  it.each(refused)('refuses %s with Unauthorized', async (_, header) => {
    await expect(authorize(await header())).rejects.toThrow(/^Unauthorized$/);
  });
});

describe('authorizer: what aws-jwt-verify leaves to us (docs/decisions/tokens-and-rights.md D64)', () => {
  /** A token issued at `iat`, valid until `exp` (seconds since 1970), with `header` added to its JOSE header. */
  const token = (
    claims: Record<string, unknown>,
    { iat = now(), exp = now() + 3600, header = {}, crit = {} as Record<string, boolean> } = {},
  ) =>
    new SignJWT({ token_use: 'access', sub: '2', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', ...header })
      .setIssuer(issuer.issuer)
      .setAudience('commerce-api')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(issuer.privateKey, { crit });
  const withoutIat = () =>
    new SignJWT({ token_use: 'access', sub: '2' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer.issuer)
      .setAudience('commerce-api')
      .setExpirationTime(now() + 3600)
      .sign(issuer.privateKey);

  it.each([
    ['a token issued ten minutes in the future', () => token({}, { iat: now() + 600, exp: now() + 4200 })],
    ['a token that lives longer than 24 hours', () => token({}, { exp: now() + 25 * 3600 })],
    ['a token without iat', withoutIat],
    [
      'a token whose crit header names an extension we do not understand',
      () =>
        token(
          {},
          { header: { crit: ['urn:example:ext'], 'urn:example:ext': 1 }, crit: { 'urn:example:ext': true } },
        ),
    ],
  ])('refuses %s', async (_, make) => {
    await expect(authorize(`Bearer ${await make()}`)).rejects.toThrow(/^Unauthorized$/);
  });

  it('accepts a token issued within the clock skew, living exactly 24 hours', async () => {
    const iat = now() + 30;
    const result = await authorize(`Bearer ${await token({}, { iat, exp: iat + 24 * 3600 })}`);
    expect(result.context).toMatchObject({ userId: '2' });
  });

  it.each([
    ['a display name containing admin, as one string', 'Help desk admin', 'false'],
    ['a comma-separated string', 'staff,admin', 'false'],
    ['an array element containing admin', ['Help desk admin'], 'false'],
    ['the exact string admin', 'admin', 'true'],
    ['an exact element of an array', ['staff', 'admin'], 'true'],
  ])('reads %s (%j) as admin=%s', async (_, groups, admin) => {
    const result = await authorize(`Bearer ${await token({ 'cognito:groups': groups })}`);
    expect(result.context).toMatchObject({ admin });
  });
});

describe('authorizer on resources where a path variable stands for @me (REQUEST, uncached)', () => {
  const request = (me: string, authorization?: string) =>
    handler({
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:eu-west-1:123456789012:abc123/dev/GET/v1/${me}`,
      resource: '/v1/{me}',
      path: `/v1/${me}`,
      httpMethod: 'GET',
      headers: authorization ? { authorization } : {},
      multiValueHeaders: {},
      pathParameters: { me },
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      stageVariables: null,
      requestContext: {} as never,
    } as never);

  it('denies any other value, so an unknown path is a 404 with or without a token', async () => {
    const token = await issuer.sign({ sub: '2' }, { expiresIn: '1h' });
    for (const result of [await request('nope'), await request('nope', `Bearer ${token}`)]) {
      expect(result.policyDocument.Statement).toEqual([
        expect.objectContaining({ Effect: 'Deny', Resource: expect.stringContaining('/GET/v1/nope') }),
      ]);
    }
  });

  it('asks for a token on @me and lets a valid one through', async () => {
    await expect(request('@me')).rejects.toThrow(/^Unauthorized$/);
    const token = await issuer.sign({ sub: '2' }, { expiresIn: '1h' });
    expect((await request('@me', `Bearer ${token}`)).context).toMatchObject({ userId: '2' });
  });
});
