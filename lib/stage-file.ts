import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as v from 'valibot';
import { emailAddress, strictObject } from '#functions/contracts/shared-schema-parts';
import { routes } from '#functions/routes';
import { jsonSchemaOf } from './json-schema';
import { projectRoot } from './project-paths';
import { explainIssues } from './stage-file-issues';

/**
 * A stage's settings file, `stages/<stage>.json` (docs/deploying.md "The stage file"): one
 * committed file per stage, so a deploy never depends on flags someone must remember. What the
 * stack builds is decided by this file, never by the stage's name (docs/decisions/stages-and-deploys.md D50).
 */

/** Where the committed stage files are. */
export const STAGES_DIR = path.join(projectRoot, 'stages');

/** Kept as given: aws-jwt-verify compares `iss` with it character by character. */
const httpsUrl = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, 'must be an https URL without credentials, query or fragment'),
);

/** A claim name: a non-empty string without spaces (`sub`, `user_id`, `cognito:groups`, `https://x/roles`). */
const claimName = v.pipe(v.string(), v.regex(/^\S+$/, 'must be a claim name (no spaces)'));

/** A schema with the description editors show for it. */
const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

/** An OIDC issuer outside the stack: the stack then makes no user pool (docs/decisions/tokens-and-rights.md D31). */
export const externalIssuerSchema = strictObject({
  mode: v.literal('external'),
  issuer: described(httpsUrl, 'Exact iss of the accepted tokens (https)'),
  audience: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must be a non-empty string'),
    v.description(
      'Accepted aud: without it any token of that issuer, minted for any application, would pass',
    ),
  ),
  userIdClaim: v.optional(described(claimName, 'Claim holding the integer user id (default sub)')),
  groupsClaim: v.optional(described(claimName, "Claim listing the user's groups (default cognito:groups)")),
  jwksUri: v.optional(described(httpsUrl, "The issuer's keys (default <issuer>/.well-known/jwks.json)")),
});
export type ExternalIssuer = Omit<v.InferOutput<typeof externalIssuerSchema>, 'mode'>;

/** API Gateway throttling: steady requests per second, and the burst absorbed above it. */
export const throttleSchema = strictObject({
  rateLimit: described(v.pipe(v.number(), v.gtValue(0)), 'Steady requests per second'),
  burstLimit: described(
    v.pipe(v.number(), v.integer(), v.gtValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
    'Requests absorbed in a burst above the rate',
  ),
});
export type Throttle = v.InferOutput<typeof throttleSchema>;

/** What CloudWatch Logs accepts as a retention, in days. */
const RETENTION_DAYS = Object.values(RetentionDays).filter(
  (days): days is number => typeof days === 'number',
);

/** A route throttle is keyed by a route's name (functions/routes.ts). */
const routeNames = routes.map((route) => route.name);

/** A path step of valibot's, to name a stage file's setting in an issue of our own. */
const member = (input: Record<string, unknown>, key: string) =>
  ({ type: 'object', origin: 'value', input, key, value: input[key] }) as const;

export const stageFileSchema = v.pipe(
  strictObject({
    $schema: v.optional(described(v.string(), 'This schema, for editors; ignored by the stack')),
    description: v.optional(described(v.string(), 'What the stage is for')),
    protected: described(
      v.boolean(),
      'Keeps its data: the table (point-in-time recovery, deletion protection), user pool, secret, queues, ' +
        'buckets and log groups are retained, and the stack has termination protection',
    ),
    account: v.optional(
      described(
        v.pipe(v.string(), v.regex(/^\d{12}$/, 'must be a 12-digit AWS account id')),
        'The one AWS account the stage may be deployed to (required when protected)',
      ),
    ),
    region: v.optional(
      described(
        v.pipe(v.string(), v.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1')),
        'The one region the stage may be deployed to (required when protected)',
      ),
    ),
    identity: described(
      v.variant(
        'mode',
        [strictObject({ mode: v.literal('cognito') }), externalIssuerSchema],
        // Our words, `Expected 'cognito' | 'external'`, where valibot writes `("cognito" | "external")`.
        (issue) =>
          `Invalid discriminator value. Expected ${issue.expected?.replace(/^\((.*)\)$/, '$1').replaceAll('"', "'")}`,
      ),
      "Who issues the accepted tokens: the stack's own Cognito user pool, or an external OIDC issuer",
    ),
    throttle: v.optional(described(throttleSchema, "The whole stage's throttle (default 100/s, burst 200)")),
    routeThrottles: v.optional(
      described(
        // A string key limited to the names (the JSON Schema converter takes no picklist as a key).
        v.record(v.pipe(v.string(), v.values(routeNames)), throttleSchema),
        "Throttles of expensive routes, by route name, instead of the route table's",
      ),
    ),
    logRetentionDays: v.optional(
      described(
        v.picklist(RETENTION_DAYS, `must be one of ${RETENTION_DAYS.join(', ')} (days)`),
        'Days every log group keeps (default 365 when protected, else 14)',
      ),
    ),
    waf: v.optional(described(v.boolean(), 'A WAF web ACL in front of the API (default: when protected)')),
    alarmEmail: v.optional(
      described(
        v.pipe(v.string(), ...emailAddress('must be an e-mail address')),
        "Subscribed to the stage's alarm topic (confirmed once by a mail from AWS)",
      ),
    ),
    reportGeneratorConcurrency: v.optional(
      described(
        v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
        'Concurrency reserved for, and capping, the report generator (default none: an account whose ' +
          'quota is 10 cannot reserve any)',
      ),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const file = dataset.value;
    if ((file.account === undefined) !== (file.region === undefined)) {
      addIssue({
        message: 'account and region go together: name both, or neither',
        path: [member(file, file.account === undefined ? 'account' : 'region')],
      });
    }
  }),
);
export type StageFile = v.InferOutput<typeof stageFileSchema>;

/** The committed JSON Schema of stage files, for editors (`"$schema": "./stage.schema.json"`). */
export const STAGE_SCHEMA_FILE = path.join(STAGES_DIR, 'stage.schema.json');
export const stageJsonSchema = (): object => {
  const { $schema, ...rest } = jsonSchemaOf(stageFileSchema, {
    typeMode: 'input',
    // A literal's type beside its `const`, which editors show (docs/decisions/stages-and-deploys.md D72).
    overrideSchema: ({ valibotSchema, jsonSchema }) =>
      valibotSchema.type === 'literal' && typeof jsonSchema.const === 'string'
        ? { type: 'string', ...jsonSchema }
        : undefined,
  });
  return { $schema, ...rest };
};

/** Thrown for a missing or invalid stage file, or flags a stage refuses, with what to do about it. */
export class StageSettingsError extends Error {
  override readonly name = 'StageSettingsError';
}

/** The stage file's path, relative to the project when it is inside it (for messages). */
const shown = (file: string) => {
  const relative = path.relative(projectRoot, file);
  return relative.startsWith('..') ? file : relative;
};

/** Validates a stage file's content; `file` names it in the error. */
export function parseStageFile(content: unknown, file: string): StageFile {
  const parsed = v.safeParse(stageFileSchema, content);
  if (!parsed.success) {
    throw new StageSettingsError(
      `${shown(file)} is not a valid stage file:\n${explainIssues(stageFileSchema, parsed.issues)}\n` +
        'See docs/deploying.md "The stage file".',
    );
  }
  return parsed.output;
}

/**
 * Reads `<dir>/<stage>.json`. A stage without a file is refused with how to make one: synth
 * never falls back to defaults, so a typo in a stage name cannot build a new, unprotected stage.
 */
export function readStageFile(stage: string, dir = STAGES_DIR): StageFile {
  const file = path.join(dir, `${stage}.json`);
  if (!existsSync(file)) {
    throw new StageSettingsError(
      `Stage ${stage} has no stage file ${shown(file)}. Create it from a committed one, e.g. ` +
        `\`cp ${shown(path.join(dir, 'dev.json'))} ${shown(file)}\`, set "protected" (and "account" and ` +
        '"region" for a protected stage), and commit it (docs/deploying.md "The stage file").',
    );
  }
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StageSettingsError(`${shown(file)} is not valid JSON: ${(error as Error).message}`);
  }
  return parseStageFile(content, file);
}
