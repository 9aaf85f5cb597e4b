/**
 * What a verified token must also be, beyond aws-jwt-verify's checks (signature by one of the
 * issuer's keys, `iss`, audience or client id, `exp`, `nbf`; docs/decisions/tokens-and-rights.md D64). Pure rules:
 * each answers why a token is refused, or undefined.
 */

/** How far the issuer's clock may be ahead of ours. */
export const CLOCK_SKEW_SECONDS = 60;

/** The longest life a token may have (`exp - iat`): Cognito's and the sandbox's are 1 hour. */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * JOSE header parameters named in `crit` that we understand (RFC 7515 §4.1.11): none, so a token
 * that names any is refused, as a recipient must refuse extensions it does not implement.
 */
export const UNDERSTOOD_CRITICAL_PARAMETERS: readonly string[] = [];

/** `exp` and `iat` are numbers (aws-jwt-verify has parsed them); both are required. */
export const tokenTimeProblem = (
  payload: Readonly<Record<string, unknown>>,
  nowSeconds: number,
): string | undefined => {
  const { exp, iat } = payload;
  if (typeof exp !== 'number') return 'no exp claim';
  if (typeof iat !== 'number') return 'no iat claim';
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return 'issued in the future';
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS) return 'lifetime above the maximum';
  return undefined;
};

export const criticalHeaderProblem = (header: Readonly<Record<string, unknown>>): string | undefined => {
  if (!('crit' in header)) return undefined;
  const { crit } = header;
  if (!Array.isArray(crit) || crit.length === 0) return 'malformed crit header';
  const unknown = crit.filter((name) => !UNDERSTOOD_CRITICAL_PARAMETERS.includes(name as string));
  return unknown.length > 0 ? 'crit header names an extension we do not understand' : undefined;
};
