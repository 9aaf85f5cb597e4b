import { createServer } from 'node:http';
import { type AwsJsonAnswer, type AwsJsonRequest, awsJsonListener } from '../aws-json-listener';
import { type LoopbackEndpoint, serveOnLoopback } from '../listen';
import { SANDBOX_ACCOUNT, SANDBOX_REGION } from '../sandbox-identity';

const AMZ_JSON_1_1 = 'application/x-amz-json-1.1';
export const GET_SECRET_VALUE_TARGET = 'secretsmanager.GetSecretValue';

/** The ARN Secrets Manager would give a secret of this name in the sandbox's account. */
export const sandboxSecretArn = (name: string) =>
  `arn:aws:secretsmanager:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:secret:${name}`;

/**
 * The one Secrets Manager operation the functions use, GetSecretValue, for the sandbox's secrets
 * (by name or ARN): what the SDK client (through Powertools Parameters) expects back, or
 * ResourceNotFoundException. Each value is read when asked, never logged.
 */
export async function secretsAnswer(
  secrets: Readonly<Record<string, () => string>>,
  request: AwsJsonRequest,
): Promise<AwsJsonAnswer> {
  const error = (code: string, message: string) => ({ status: 400, body: { __type: code, message } });
  if (request.method !== 'POST' || request.target !== GET_SECRET_VALUE_TARGET) {
    return error('InvalidRequestException', `Unknown operation ${request.target ?? '(no X-Amz-Target)'}`);
  }
  let secretId: unknown;
  try {
    ({ SecretId: secretId } = JSON.parse(request.body?.toString('utf8') ?? '') as { SecretId?: unknown });
  } catch {
    return error('InvalidRequestException', 'The request body is not JSON.');
  }
  const name = Object.keys(secrets).find((n) => secretId === n || secretId === sandboxSecretArn(n));
  if (name === undefined) {
    return error('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
  }
  return {
    status: 200,
    body: {
      ARN: sandboxSecretArn(name),
      Name: name,
      SecretString: secrets[name]!(),
      VersionId: '00000000-0000-4000-8000-000000000000',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: 0,
    },
  };
}

/** Serves them on 127.0.0.1: the value of `AWS_ENDPOINT_URL_SECRETS_MANAGER`. */
export const startSecretsEndpoint = (
  secrets: Readonly<Record<string, () => string>>,
): Promise<LoopbackEndpoint> =>
  serveOnLoopback(
    createServer(
      awsJsonListener({
        contentType: AMZ_JSON_1_1,
        maxBodyBytes: 64 * 1024,
        internalError: 'InternalServiceError',
        service: 'Secrets Manager',
        answer: (request) => secretsAnswer(secrets, request),
      }),
    ),
  );
