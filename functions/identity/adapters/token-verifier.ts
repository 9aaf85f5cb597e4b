import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import type { JwtHeader, JwtPayload } from 'aws-jwt-verify/jwt-model';
import { DEFAULT_GROUPS_CLAIM, DEFAULT_USER_ID_CLAIM } from '#functions/contracts/auth-settings';
import { AUTH_ENV } from '#functions/contracts/environment';
import type { ClaimSettings } from '../domain/token-claims';
import { criticalHeaderProblem, tokenTimeProblem } from '../domain/token-rules';

export interface TokenVerifier {
  /** The verified claims; throws for any token that is not the issuer's, current and for us. */
  verify(token: string): Promise<JwtPayload>;
}

type Env = Readonly<Record<string, string | undefined>>;

const required = (env: Env, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/**
 * What aws-jwt-verify leaves to us (docs/decisions/tokens-and-rights.md D2, D64): `exp` and `iat` required, `iat` not
 * ahead of our clock by more than the skew, a lifetime within the maximum, and no `crit` header
 * naming an extension we do not understand.
 */
const requireOurRules = ({ header, payload }: { header: JwtHeader; payload: JwtPayload }) => {
  const problem =
    tokenTimeProblem(payload, Date.now() / 1000) ?? criticalHeaderProblem(header as Record<string, unknown>);
  if (problem) throw new Error(`Token refused: ${problem}`);
};

export const claimSettings = (env: Env): ClaimSettings => ({
  userIdClaim: env[AUTH_ENV.userIdClaim] || DEFAULT_USER_ID_CLAIM,
  groupsClaim: env[AUTH_ENV.groupsClaim] || DEFAULT_GROUPS_CLAIM,
});

/**
 * A verifier for the configured issuer, with aws-jwt-verify: the signature must be by one of
 * the issuer's keys with an asymmetric algorithm (the library accepts no `none` and no HMAC),
 * and `iss`, audience or client id, token use and `exp` are checked.
 */
export const tokenVerifier = (env: Env): TokenVerifier => {
  const audience = required(env, AUTH_ENV.audience);
  const userPoolId = env[AUTH_ENV.cognitoUserPoolId];
  if (userPoolId) {
    return CognitoJwtVerifier.create({
      userPoolId,
      tokenUse: 'access',
      clientId: audience,
      customJwtCheck: requireOurRules,
    });
  }
  const tokenUse = env[AUTH_ENV.tokenUse];
  const verifier = JwtVerifier.create({
    issuer: required(env, AUTH_ENV.issuer),
    audience,
    ...(env[AUTH_ENV.jwksUri] ? { jwksUri: env[AUTH_ENV.jwksUri] } : {}),
    customJwtCheck: (props) => {
      requireOurRules(props);
      if (tokenUse && props.payload.token_use !== tokenUse) throw new Error('Unexpected token use');
    },
  });
  const pinned = env[AUTH_ENV.jwks];
  if (!pinned) return verifier;
  // Keys given inline (the sandbox's own issuer) are the only keys: a token naming another `kid`
  // is refused, where verify() would go and fetch the issuer's JWKS (docs/decisions/tokens-and-rights.md D65).
  verifier.cacheJwks(JSON.parse(pinned));
  return { verify: async (token) => verifier.verifySync(token) };
};
