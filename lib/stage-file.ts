import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { z } from 'zod';
import { routes } from '../functions/routes';
import { projectRoot } from './project-paths';

/**
 * A stage's settings file, `stages/<stage>.json` (docs/deploying.md "The stage file"): one
 * committed file per stage, so a deploy never depends on flags someone must remember. What the
 * stack builds is decided by this file, never by the stage's name (docs/design.md D50).
 */

/** Where the committed stage files are. */
export const STAGES_DIR = path.join(projectRoot, 'stages');

/** Kept as given: aws-jwt-verify compares `iss` with it character by character. */
const httpsUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}, 'must be an https URL without credentials, query or fragment');

/** A claim name: a non-empty string without spaces (`sub`, `user_id`, `cognito:groups`, `https://x/roles`). */
const claimName = z.string().regex(/^\S+$/, 'must be a claim name (no spaces)');

/** An OIDC issuer outside the stack: the stack then makes no user pool (docs/design.md D31). */
export const externalIssuerSchema = z.strictObject({
  mode: z.literal('external'),
  issuer: httpsUrl.describe('Exact iss of the accepted tokens (https)'),
  audience: z
    .string()
    .trim()
    .min(1, 'must be a non-empty string')
    .describe('Accepted aud: without it any token of that issuer, minted for any application, would pass'),
  userIdClaim: claimName.optional().describe('Claim holding the integer user id (default sub)'),
  groupsClaim: claimName.optional().describe("Claim listing the user's groups (default cognito:groups)"),
  jwksUri: httpsUrl.optional().describe("The issuer's keys (default <issuer>/.well-known/jwks.json)"),
});
export type ExternalIssuer = Omit<z.infer<typeof externalIssuerSchema>, 'mode'>;

/** API Gateway throttling: steady requests per second, and the burst absorbed above it. */
export const throttleSchema = z.strictObject({
  rateLimit: z.number().positive().describe('Steady requests per second'),
  burstLimit: z.number().int().positive().describe('Requests absorbed in a burst above the rate'),
});
export type Throttle = z.infer<typeof throttleSchema>;

/** What CloudWatch Logs accepts as a retention, in days. */
const RETENTION_DAYS = Object.values(RetentionDays).filter(
  (days): days is number => typeof days === 'number',
);

/** A route throttle is keyed by a route's name (functions/routes.ts). */
const routeNames = routes.map((route) => route.name);

export const stageFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('This schema, for editors; ignored by the stack'),
    description: z.string().optional().describe('What the stage is for'),
    protected: z
      .boolean()
      .describe(
        'Keeps its data: the table (point-in-time recovery, deletion protection), user pool, secret, queues, ' +
          'buckets and log groups are retained, and the stack has termination protection',
      ),
    account: z
      .string()
      .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
      .optional()
      .describe('The one AWS account the stage may be deployed to (required when protected)'),
    region: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1')
      .optional()
      .describe('The one region the stage may be deployed to (required when protected)'),
    identity: z
      .discriminatedUnion('mode', [z.strictObject({ mode: z.literal('cognito') }), externalIssuerSchema])
      .describe(
        "Who issues the accepted tokens: the stack's own Cognito user pool, or an external OIDC issuer",
      ),
    throttle: throttleSchema.optional().describe("The whole stage's throttle (default 100/s, burst 200)"),
    routeThrottles: z
      .partialRecord(z.enum(routeNames), throttleSchema)
      .optional()
      .describe("Throttles of expensive routes, by route name, instead of the route table's"),
    logRetentionDays: z
      .literal(RETENTION_DAYS)
      .optional()
      .describe('Days every log group keeps (default 365 when protected, else 14)'),
    waf: z.boolean().optional().describe('A WAF web ACL in front of the API (default: when protected)'),
    alarmEmail: z
      .email('must be an e-mail address')
      .optional()
      .describe("Subscribed to the stage's alarm topic (confirmed once by a mail from AWS)"),
    reportGeneratorConcurrency: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        'Concurrency reserved for, and capping, the report generator (default none: an account whose ' +
          'quota is 10 cannot reserve any)',
      ),
  })
  .superRefine((file, context) => {
    if ((file.account === undefined) !== (file.region === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [file.account === undefined ? 'account' : 'region'],
        message: 'account and region go together: name both, or neither',
      });
    }
  });
export type StageFile = z.infer<typeof stageFileSchema>;

/** The committed JSON Schema of stage files, for editors (`"$schema": "./stage.schema.json"`). */
export const STAGE_SCHEMA_FILE = path.join(STAGES_DIR, 'stage.schema.json');
export const stageJsonSchema = (): object => z.toJSONSchema(stageFileSchema, { io: 'input' });

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
  const parsed = stageFileSchema.safeParse(content);
  if (!parsed.success) {
    throw new StageSettingsError(
      `${shown(file)} is not a valid stage file:\n${z.prettifyError(parsed.error)}\n` +
        'See docs/deploying.md "The stage file".',
    );
  }
  return parsed.data;
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
