/**
 * What the authorizer floor (bench/floors/authorizer-floor.ts) shares with the authorizer: reading
 * the bearer token and verifying it.
 * Each floor has a door of its own: a door re-exporting several clients would bring every client's
 * set-up (a top-level `new …Client`) into each floor's bundle, which bench/bundles.ts measures.
 */
export { tokenVerifier } from '#functions/identity/adapters/token-verifier';
export { bearerToken } from '#functions/identity/domain/token-claims';
