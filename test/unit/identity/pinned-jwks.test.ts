import https from 'node:https';
import { tokenVerifier } from '#functions/identity/adapters/token-verifier';
import { testIssuer } from '../support/test-issuer';

/**
 * The sandbox gives the authorizer its issuer's keys inline (JWT_JWKS): those are the only keys,
 * and nothing is ever fetched (docs/decisions/tokens-and-rights.md D65). aws-jwt-verify's verify() would fetch the
 * issuer's JWKS for a `kid` it does not know, from a sandbox that is meant to be offline.
 */
describe('a verifier with inline keys', () => {
  const issuer = testIssuer('https://issuer.sandbox.invalid', 'sandbox-key');
  const stranger = testIssuer('https://issuer.sandbox.invalid', 'unknown-kid');
  let request: jest.SpyInstance;
  beforeEach(() => {
    request = jest.spyOn(https, 'request').mockImplementation(() => {
      throw new Error('The verifier tried the network');
    });
  });
  afterEach(() => request.mockRestore());

  const verifier = async () =>
    tokenVerifier({
      JWT_ISSUER: issuer.issuer,
      JWT_AUDIENCE: 'commerce-api',
      JWT_JWKS: JSON.stringify(await issuer.jwks()),
    });

  it('refuses a token whose kid is not among them without fetching anything', async () => {
    const token = await stranger.sign({ sub: '2' }, { expiresIn: '1h' });
    await expect((await verifier()).verify(token)).rejects.toThrow(/kid/i);
    expect(request).not.toHaveBeenCalled();
  });

  it('accepts a token signed with one of them', async () => {
    const token = await issuer.sign({ sub: '2' }, { expiresIn: '1h' });
    await expect((await verifier()).verify(token)).resolves.toMatchObject({ sub: '2' });
    expect(request).not.toHaveBeenCalled();
  });
});
