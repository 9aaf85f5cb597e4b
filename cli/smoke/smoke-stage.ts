import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { stackName } from '#lib/resource-names';
import { OPENAPI_PATH } from '#local/api-reference';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { sandboxDynamoDbClient } from '#local/local-dynamodb';
import type { FoundSandbox } from '#local/running-sandbox';
import { sandboxS3Client } from '#local/s3/local-s3';
import { SANDBOX_STAGE } from '#local/sandbox-identity';
import { resolveEventsTarget } from '../events/events-target';
import { stackOutputs } from '../stack-outputs';
import { InputError, requireRunningSandbox } from '../stage-command';
import type { ApiClient } from './api-client';
import type { TokenSource } from './smoke-plan';
import { cognitoUsers, type SmokeUserMaker, sandboxUsers } from './smoke-user';
import { type StageStore, stageStore } from './stage-store';

/** What the run does beside the API: remove what it made, and make its user. */
export interface StageAccess {
  /** What the access line says it is. */
  readonly description: string;
  readonly store: StageStore;
  /** How the run makes its own user; none on a stage whose tokens come from an external issuer. */
  readonly users?: SmokeUserMaker;
}

/** The stage a run checks, as found from outside: its API, its token source and protection. */
export interface SmokeStage {
  readonly name: string;
  /** What the stage line says it is. */
  readonly description: string;
  /** `…/v1` */
  readonly apiUrl: string;
  readonly tokens: TokenSource;
  readonly isProtected: boolean;
  /** Where the stage serves its own OpenAPI document (the sandbox does; a deployed stage does not). */
  readonly documentUrl?: string;
  /** The clients of the writes beside the API; a deployed stage's are its smoke role's (assumed here). */
  access(api: ApiClient): Promise<StageAccess>;
  close(): void;
}

/** The sandbox running on the state directory, found from its sandbox.json. */
export function sandboxStage(stateDir: string): SmokeStage {
  let running: FoundSandbox;
  try {
    running = requireRunningSandbox(stateDir);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(`${error.message} Or let the smoke start one: --start-sandbox.`);
  }
  const clients: { destroy(): void }[] = [];
  return {
    name: SANDBOX_STAGE,
    description: `the sandbox on ${running.stateDir} (${running.url})`,
    apiUrl: running.url,
    tokens: 'sandbox',
    isProtected: false,
    documentUrl: new URL(OPENAPI_PATH, running.url).href,
    async access(api) {
      const dynamodb = sandboxDynamoDbClient(running.dynamodbEndpoint);
      const s3 = sandboxS3Client(running.s3Endpoint);
      const events = resolveEventsTarget(SANDBOX_STAGE, running.stateDir);
      clients.push(dynamodb, s3, events.client);
      return {
        description: "sandbox.json's DynamoDB, S3 and event bus endpoints",
        store: stageStore({
          doc: DynamoDBDocumentClient.from(dynamodb),
          tableName: running.tableName,
          s3,
          reportBucket: running.reportBucket,
        }),
        users: sandboxUsers({
          events: events.client,
          busName: events.busName,
          issuer: sandboxIssuer(running.stateDir),
          api,
        }),
      };
    },
    close: () => {
      for (const client of clients) client.destroy();
    },
  };
}

/**
 * A deployed stage, from its stack's outputs (read with the AWS SDK's default credentials). Its
 * writes beside the API use the stack's smoke role (output SmokeRoleArn), assumed with those
 * credentials: a deploy role needs only sts:AssumeRole on it (docs/decisions/stages-and-deploys.md D74).
 */
export async function deployedStage(name: string): Promise<SmokeStage> {
  const outputs = await stackOutputs(name);
  const apiUrl = outputs.need('ApiBaseUrl').replace(/\/+$/, '');
  const userPoolId = outputs.get('UserPoolId');
  // A stack from before the output is taken as protected: the safe way to be wrong.
  const isProtected = outputs.get('StageProtected') !== 'false';
  const clients: { destroy(): void }[] = [];
  return {
    name,
    description: `${stackName(name)} (${apiUrl})`,
    apiUrl,
    tokens: userPoolId ? 'cognito' : 'external',
    isProtected,
    async access() {
      const sts = new STSClient({});
      clients.push(sts);
      const roleArn = outputs.need('SmokeRoleArn');
      const { Credentials: c } = await sts.send(
        new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'commerce-api-smoke' }),
      );
      if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('AssumeRole answered no credentials');
      const credentials = {
        accessKeyId: c.AccessKeyId,
        secretAccessKey: c.SecretAccessKey,
        ...(c.SessionToken ? { sessionToken: c.SessionToken } : {}),
      };
      const dynamodb = new DynamoDBClient({ credentials });
      const s3 = new S3Client({ credentials });
      clients.push(dynamodb, s3);
      const store = stageStore({
        doc: DynamoDBDocumentClient.from(dynamodb),
        tableName: outputs.need('TableName'),
        s3,
        reportBucket: outputs.need('ReportBucketName'),
      });
      const description = `assumed ${roleArn}`;
      if (!userPoolId) return { description, store };
      const cognito = new CognitoIdentityProviderClient({ credentials });
      clients.push(cognito);
      return {
        description,
        store,
        users: cognitoUsers({ cognito, userPoolId, clientId: outputs.need('UserPoolClientId') }),
      };
    },
    close: () => {
      for (const client of clients) client.destroy();
    },
  };
}
