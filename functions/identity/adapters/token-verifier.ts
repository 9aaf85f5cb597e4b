import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { AUTH_ENV } from '#commons/environment';
import { DEFAULT_GROUPS_CLAIM, DEFAULT_USER_ID_CLAIM } from '../domain/auth-settings';
import type { ClaimSettings } from '../domain/token-claims';

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

/** aws-jwt-verify accepts a token without `exp`; we do not (docs/design.md D2: `exp` required). */
const requireExpiry = ({ payload }: { payload: JwtPayload }) => {
  if (typeof payload.exp !== 'number') throw new Error('Token has no exp claim');
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
      customJwtCheck: requireExpiry,
    });
  }
  const tokenUse = env[AUTH_ENV.tokenUse];
  const verifier = JwtVerifier.create({
    issuer: required(env, AUTH_ENV.issuer),
    audience,
    ...(env[AUTH_ENV.jwksUri] ? { jwksUri: env[AUTH_ENV.jwksUri] } : {}),
    customJwtCheck: (props) => {
      requireExpiry(props);
      if (tokenUse && props.payload.token_use !== tokenUse) throw new Error('Unexpected token use');
    },
  });
  const pinned = env[AUTH_ENV.jwks];
  if (pinned) verifier.cacheJwks(JSON.parse(pinned));
  return verifier;
};
