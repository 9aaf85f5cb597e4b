import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { exportJWK, type JWTPayload, SignJWT } from 'jose';

/** An OIDC-like issuer for tests: an RS256 key pair, its JWKS, and tokens it signs. */
export const testIssuer = (issuer = 'https://issuer.test', kid = 'test-key') => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwks = async () => ({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const sign = (
    claims: JWTPayload,
    options: { expiresIn?: string | number; key?: KeyObject; audience?: string } = {},
  ) => {
    const jwt = new SignJWT({ token_use: 'access', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience(options.audience ?? 'commerce-api')
      .setIssuedAt();
    if (options.expiresIn !== undefined) jwt.setExpirationTime(options.expiresIn);
    return jwt.sign(options.key ?? privateKey);
  };
  return { issuer, jwks, sign, privateKey };
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with `alg: none` and no signature, which no verifier may accept. */
export const unsignedToken = (claims: Record<string, unknown>) =>
  `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
