import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  sign,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ADMIN_GROUP, DEFAULT_GROUPS_CLAIM } from '#functions/contracts/auth-settings';
import { AUTH_ENV } from '#functions/contracts/environment';

/**
 * The sandbox's own token issuer (docs/decisions/tokens-and-rights.md D2): an RS256 key it generates once per state directory and
 * publishes as a JWKS, and the tokens `npm run token` prints. The issuer name does not depend on
 * the port (`.invalid` is reserved, RFC 2606: it never resolves), so a token stays good across
 * restarts and ports for as long as the state directory keeps its key.
 */
export const SANDBOX_ISSUER = 'https://issuer.sandbox.invalid';
export const SANDBOX_AUDIENCE = 'commerce-api';
/** Where the HTTP front publishes the keys (outside `/v1`, like an OIDC issuer's). */
export const JWKS_PATH = '/.well-known/jwks.json';

export interface Jwks {
  readonly keys: readonly (JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' })[];
}

export interface SandboxIssuer {
  readonly issuer: string;
  readonly audience: string;
  readonly jwks: Jwks;
  /** An access token for user `sub`, in the group `admin` when asked. */
  token(options: { sub: number; admin?: boolean; expiresInSeconds?: number; now?: number }): string;
}

const keyFile = (stateDir: string) => path.join(stateDir, 'issuer-key.json');

/** The key of this state directory, made on first use. `--reset` keeps it: it is not data. */
const privateJwk = (stateDir: string): JsonWebKey => {
  try {
    return JSON.parse(readFileSync(keyFile(stateDir), 'utf8')) as JsonWebKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  mkdirSync(stateDir, { recursive: true });
  try {
    writeFileSync(keyFile(stateDir), JSON.stringify(privateKey.export({ format: 'jwk' })), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    // Another process (the sandbox, `npm run token`) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return JSON.parse(readFileSync(keyFile(stateDir), 'utf8')) as JsonWebKey;
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function sandboxIssuer(stateDir: string): SandboxIssuer {
  const privateKey = createPrivateKey({ key: privateJwk(stateDir), format: 'jwk' });
  const { n, e } = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = createHash('sha256').update(`${n}.${e}`).digest('base64url').slice(0, 16);
  return {
    issuer: SANDBOX_ISSUER,
    audience: SANDBOX_AUDIENCE,
    jwks: { keys: [{ kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' }] },
    token({ sub, admin = false, expiresInSeconds = 3600, now = Date.now() }) {
      const iat = Math.floor(now / 1000);
      const header = base64url({ alg: 'RS256', typ: 'JWT', kid });
      const payload = base64url({
        iss: SANDBOX_ISSUER,
        aud: SANDBOX_AUDIENCE,
        sub: String(sub),
        token_use: 'access',
        iat,
        exp: iat + expiresInSeconds,
        ...(admin ? { [DEFAULT_GROUPS_CLAIM]: [ADMIN_GROUP] } : {}),
      });
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey).toString(
        'base64url',
      );
      return `${header}.${payload}.${signature}`;
    },
  };
}

/** The authorizer's settings (names from AUTH_ENV) for the sandbox issuer: keys pinned, no fetch. */
export const issuerEnvironment = (issuer: SandboxIssuer): Record<string, string> => ({
  [AUTH_ENV.issuer]: issuer.issuer,
  [AUTH_ENV.audience]: issuer.audience,
  [AUTH_ENV.tokenUse]: 'access',
  [AUTH_ENV.jwks]: JSON.stringify(issuer.jwks),
});
