import type { Construct } from 'constructs';
import * as v from 'valibot';
import { DEFAULT_THROTTLE } from './stage';
import { type ExternalIssuer, externalIssuerSchema, type StageFile, StageSettingsError } from './stage-file';

/**
 * The settings a `-c` flag may change for a one-off synth of an unprotected stage (docs/decisions/stages-and-deploys.md
 * D50): the token issuer (`-c issuer=https://… -c audience=…`, optional `userIdClaim`,
 * `groupsClaim`, `jwksUri`) and the stage's throttle (`-c throttleRate`, `-c throttleBurst`).
 * The stage file is the base, so leaving a flag out never changes a stage.
 */
export const OVERRIDE_CONTEXT = {
  issuer: 'issuer',
  audience: 'audience',
  userIdClaim: 'userIdClaim',
  groupsClaim: 'groupsClaim',
  jwksUri: 'jwksUri',
  throttleRate: 'throttleRate',
  throttleBurst: 'throttleBurst',
} as const;

/** A string from context, trimmed; undefined when not given. */
function contextString(scope: Construct, key: string): string | undefined {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new StageSettingsError(`Context ${key} must be a non-empty string, got ${JSON.stringify(raw)}.`);
  }
  return raw.trim();
}

/** A context value checked by the stage file's rule for the same setting. */
function checked(key: keyof typeof externalIssuerSchema.entries, value: string): string {
  const result = v.safeParse(externalIssuerSchema.entries[key], value);
  if (!result.success) {
    throw new StageSettingsError(`Context ${key} ${result.issues[0].message}, got ${JSON.stringify(value)}.`);
  }
  return value;
}

/**
 * The external issuer given by context, or undefined when none is. Refuses, at synth, anything
 * the authorizer could only fail on at run time: a non-https issuer, an issuer without audience
 * (or the reverse), claim or JWKS settings without issuer.
 */
export function externalIssuerFromContext(scope: Construct): ExternalIssuer | undefined {
  const [issuer, audience, userIdClaim, groupsClaim, jwksUri] = (
    ['issuer', 'audience', 'userIdClaim', 'groupsClaim', 'jwksUri'] as const
  ).map((key) => contextString(scope, OVERRIDE_CONTEXT[key]));
  if (issuer === undefined) {
    const stray = Object.entries({ audience, userIdClaim, groupsClaim, jwksUri })
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key);
    if (stray.length > 0) {
      throw new StageSettingsError(
        `Context ${stray.join(', ')} applies to an external issuer only: add -c issuer=https://… ` +
          `or drop it to keep the stage file's token issuer.`,
      );
    }
    return undefined;
  }
  if (audience === undefined) {
    throw new StageSettingsError(
      'Context issuer needs context audience (-c audience=<the aud of the tokens>): without it any token ' +
        'of that issuer, minted for any application, would be accepted.',
    );
  }
  return {
    issuer: checked('issuer', issuer),
    audience,
    ...(userIdClaim === undefined ? {} : { userIdClaim: checked('userIdClaim', userIdClaim) }),
    ...(groupsClaim === undefined ? {} : { groupsClaim: checked('groupsClaim', groupsClaim) }),
    ...(jwksUri === undefined ? {} : { jwksUri: checked('jwksUri', jwksUri) }),
  };
}

/** A positive number from context; CLI context (`-c throttleRate=50`) arrives as a string. */
function positiveNumberFromContext(scope: Construct, key: string): number | undefined {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new StageSettingsError(`Context ${key} must be a positive number, got ${JSON.stringify(raw)}.`);
  }
  return value;
}

/**
 * The stage file with the context's overrides applied, and the names of the flags that changed
 * it. A protected stage takes none: what it deploys is its committed file, whoever deploys it.
 */
export function withContextOverrides(
  scope: Construct,
  stage: string,
  file: StageFile,
): { file: StageFile; overridden: string[] } {
  const issuer = externalIssuerFromContext(scope);
  const rate = positiveNumberFromContext(scope, OVERRIDE_CONTEXT.throttleRate);
  const burst = positiveNumberFromContext(scope, OVERRIDE_CONTEXT.throttleBurst);
  const overridden = Object.values(OVERRIDE_CONTEXT).filter(
    (key) => scope.node.tryGetContext(key) !== undefined,
  );
  if (overridden.length === 0) return { file, overridden };
  if (file.protected) {
    throw new StageSettingsError(
      `Stage ${stage} is protected: it is built from its stage file alone, so -c ${overridden.join(', ')} ` +
        `cannot change it. Change stages/${stage}.json instead, and deploy that commit.`,
    );
  }
  const throttle = file.throttle ?? DEFAULT_THROTTLE;
  return {
    overridden,
    file: {
      ...file,
      ...(issuer ? { identity: { mode: 'external', ...issuer } } : {}),
      ...(rate === undefined && burst === undefined
        ? {}
        : { throttle: { rateLimit: rate ?? throttle.rateLimit, burstLimit: burst ?? throttle.burstLimit } }),
    },
  };
}
