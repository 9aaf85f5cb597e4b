/**
 * Tokens for the e2e sandbox: good ones from its own issuer (what `npm run token` prints), and
 * the bad ones an authorization test needs — expired, for another audience, signed by another
 * key, unsigned — built with the sandbox's key where the point is that only one claim is wrong.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type JWTPayload, SignJWT } from 'jose';
import { ADMIN_GROUP, DEFAULT_GROUPS_CLAIM } from '#functions/contracts/auth-settings';
import { SANDBOX_AUDIENCE, SANDBOX_ISSUER, sandboxIssuer } from '#local/issuer/sandbox-issuer';

/** The state directory of the e2e sandbox, set by e2e-global-setup.ts beside SANDBOX_URL. */
export const sandboxStateDir = (): string => {
  const dir = process.env.SANDBOX_STATE_DIR;
  if (!dir)
    throw new Error('SANDBOX_STATE_DIR is not set: run the e2e tests with `npx jest --selectProjects e2e`');
  return dir;
};

/** A token the sandbox accepts, as `npm run token -- --sub <id> [--admin]` prints it. */
export const tokenFor = (sub: number, options: { admin?: boolean } = {}): string =>
  sandboxIssuer(sandboxStateDir()).token({ sub, admin: options.admin ?? false });

/** Request headers carrying a bearer token (none for `undefined`). */
export const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

/**
 * The sandbox issuer's private key. Where the issuer keeps it is its own business
 * (local/issuer/sandbox-issuer.ts); a test that forges tokens with it has to know.
 */
const sandboxKey = (): KeyObject =>
  createPrivateKey({
    key: JSON.parse(readFileSync(path.join(sandboxStateDir(), 'issuer-key.json'), 'utf8')),
    format: 'jwk',
  });

const sandboxKid = () => sandboxIssuer(sandboxStateDir()).jwks.keys[0]!.kid;

/** The claims of a good token for `sub` (an administrator's when asked), valid one hour from `now`. */
const claimsFor = (sub: number, admin: boolean, nowSeconds = Math.floor(Date.now() / 1000)): JWTPayload => ({
  iss: SANDBOX_ISSUER,
  aud: SANDBOX_AUDIENCE,
  sub: String(sub),
  token_use: 'access',
  iat: nowSeconds,
  exp: nowSeconds + 3600,
  ...(admin ? { [DEFAULT_GROUPS_CLAIM]: [ADMIN_GROUP] } : {}),
});

const signRs256 = (claims: JWTPayload, key: KeyObject, header: Record<string, unknown> = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: sandboxKid(), ...header })
    // jose refuses to sign a crit it does not know of unless told the extension is understood.
    .sign(key, { crit: Object.fromEntries(((header.crit as string[]) ?? []).map((name) => [name, true])) });

/** A token of the sandbox's issuer for `sub` whose groups claim is exactly `groups`. */
export const tokenWithGroups = (sub: number, groups: unknown): Promise<string> =>
  signRs256({ ...claimsFor(sub, false), [DEFAULT_GROUPS_CLAIM]: groups }, sandboxKey());

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens that must all be refused with 401, each for `sub` and wrong in one way only. The
 * forged ones (another key, `alg: none`) also claim the admin group, as a forger would.
 */
export async function refusedTokens(sub: number): Promise<Record<RefusedToken, string | undefined>> {
  const now = Math.floor(Date.now() / 1000);
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    'no token': undefined,
    'a malformed token': 'not-a-jwt',
    // Signed by the sandbox's key, for the right issuer and audience, but an hour past its exp.
    'an expired token': await signRs256(claimsFor(sub, false, now - 7200), sandboxKey()),
    // The sandbox's key id, so the verifier finds a key and must check the signature itself.
    'a token signed by another key': await signRs256(claimsFor(sub, true, now), otherKey),
    'a token for another audience': await signRs256(
      { ...claimsFor(sub, false, now), aud: 'another-api' },
      sandboxKey(),
    ),
    'an unsigned (alg: none) token': `${base64url({ alg: 'none', typ: 'JWT', kid: sandboxKid() })}.${base64url(
      claimsFor(sub, true, now),
    )}.`,
    // docs/decisions/tokens-and-rights.md D64: signed by the sandbox's key, right in every other way.
    'a token issued ten minutes ahead': await signRs256(claimsFor(sub, false, now + 600), sandboxKey()),
    'a token living 25 hours': await signRs256(
      { ...claimsFor(sub, false, now), exp: now + 25 * 3600 },
      sandboxKey(),
    ),
    'a token with an unknown critical extension': await signRs256(claimsFor(sub, false, now), sandboxKey(), {
      crit: ['urn:example:must-understand'],
      'urn:example:must-understand': true,
    }),
  };
}

/**
 * The control for `refusedTokens`: made the same way (jose, the sandbox's key read from its
 * state directory) with nothing wrong, so it must be accepted.
 */
export const wellFormedToken = (sub: number): Promise<string> =>
  signRs256(claimsFor(sub, false), sandboxKey());

export const REFUSED_TOKENS = [
  'no token',
  'a malformed token',
  'an expired token',
  'a token signed by another key',
  'a token for another audience',
  'an unsigned (alg: none) token',
  'a token issued ten minutes ahead',
  'a token living 25 hours',
  'a token with an unknown critical extension',
] as const;
export type RefusedToken = (typeof REFUSED_TOKENS)[number];
