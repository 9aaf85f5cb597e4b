/**
 * The stage preflight's handler (docs/decisions/stages-and-deploys.md D75) against mocked AWS clients, answering a
 * local server that stands for CloudFormation's pre-signed response URL: what an operator reads
 * in `cdk deploy`'s output, and what it does to the stack's termination protection.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIGatewayClient, GetAccountCommand } from '@aws-sdk/client-api-gateway';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateTerminationProtectionCommand,
} from '@aws-sdk/client-cloudformation';
import {
  GetAccountSettingsCommand,
  GetFunctionConcurrencyCommand,
  LambdaClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-lambda';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '#functions/deployment/handlers/stage-preflight';
import { lambdaContext } from '../support/api-event';

const apiGateway = mockClient(APIGatewayClient);
const lambda = mockClient(LambdaClient);
const cloudFormation = mockClient(CloudFormationClient);
Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

const STACK_ID =
  'arn:aws:cloudformation:eu-west-1:123456789012:stack/CommerceApi-prod/0f1e2d3c-aaaa-bbbb-cccc-123456789abc';
const GENERATOR = 'commerce-api-prod-generate-report';
const PROD = {
  ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:commerce-api-prod-stage-preflight',
  StageFile: 'stages/prod.json',
  Protected: 'true',
  ReportGeneratorFunction: GENERATOR,
  ReportGeneratorConcurrency: '10',
};
const DEV = { ServiceToken: PROD.ServiceToken, StageFile: 'stages/dev.json', Protected: 'false' };

/** What arrived at the response URL: the method, the content type and the answer. */
interface Received {
  method: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}
let server: Server;
let responseUrl: string;
let received: Received[];
let failuresBeforeSuccess = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      if (failuresBeforeSuccess > 0) {
        failuresBeforeSuccess--;
        response.writeHead(503).end();
        return;
      }
      received.push({
        method: request.method,
        contentType: request.headers['content-type'],
        body: JSON.parse(text),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cloudformation-response?Signature=abc`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  received = [];
  failuresBeforeSuccess = 0;
  apiGateway.reset();
  lambda.reset();
  cloudFormation.reset();
  // A ready account: the setup stack deployed, a raised Lambda quota, the generator not deployed yet.
  apiGateway.on(GetAccountCommand).resolves({ cloudwatchRoleArn: 'arn:aws:iam::123456789012:role/api-logs' });
  lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } });
  lambda
    .on(GetFunctionConcurrencyCommand)
    .rejects(new ResourceNotFoundException({ message: 'Function not found', $metadata: {} }));
  cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [stackIn('CREATE_IN_PROGRESS')] });
  cloudFormation.on(UpdateTerminationProtectionCommand).resolves({ StackId: STACK_ID });
});

const stackIn = (status: string) => ({
  StackName: 'CommerceApi-prod',
  StackId: STACK_ID,
  StackStatus: status as never,
  CreationTime: new Date(),
});

function request(
  type: 'Create' | 'Update' | 'Delete',
  properties: Record<string, string> = PROD,
): CloudFormationCustomResourceEvent {
  const common = {
    ServiceToken: properties.ServiceToken!,
    ResponseURL: responseUrl,
    StackId: STACK_ID,
    RequestId: `request-${type.toLowerCase()}`,
    LogicalResourceId: 'PreflightCheck204820B2',
    ResourceType: 'Custom::StagePreflight',
    ResourceProperties: { ...properties, ServiceToken: properties.ServiceToken! },
  };
  if (type === 'Create') return { ...common, RequestType: 'Create' };
  if (type === 'Update') {
    return {
      ...common,
      RequestType: 'Update',
      PhysicalResourceId: 'request-create',
      OldResourceProperties: { ServiceToken: PROD.ServiceToken },
    };
  }
  return { ...common, RequestType: 'Delete', PhysicalResourceId: 'request-create' };
}

/** Runs one request and returns the one answer CloudFormation received. */
async function answerTo(event: CloudFormationCustomResourceEvent) {
  await handler(event, lambdaContext);
  expect(received).toHaveLength(1);
  return received[0]!.body;
}

describe('the stage preflight on a create or an update', () => {
  it('answers SUCCESS when the account has the logging role and room for the reservation', async () => {
    expect(await answerTo(request('Create'))).toEqual({
      Status: 'SUCCESS',
      PhysicalResourceId: 'request-create',
      StackId: STACK_ID,
      RequestId: 'request-create',
      LogicalResourceId: 'PreflightCheck204820B2',
    });
    // A pre-signed URL is signed without a content type: an empty one, never fetch's text/plain.
    expect(received[0]).toMatchObject({ method: 'PUT', contentType: '' });
    expect(lambda.commandCalls(GetFunctionConcurrencyCommand)[0]!.args[0].input).toEqual({
      FunctionName: GENERATOR,
    });
  });

  it('fails, naming the command, when the account setup stack was never deployed', async () => {
    apiGateway.on(GetAccountCommand).resolves({});
    expect(await answerTo(request('Create'))).toMatchObject({
      Status: 'FAILED',
      PhysicalResourceId: 'request-create',
      Reason:
        "API Gateway has no CloudWatch Logs role in account 123456789012 (eu-west-1), which the stage's API logs " +
        'need: deploy the account setup stack once: npx cdk deploy -c setup=account, then deploy this stage again.',
    });
  });

  it("fails with the numbers and what to do when a new account's quota of 10 cannot grant the reservation", async () => {
    lambda
      .on(GetAccountSettingsCommand)
      .resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
    expect((await answerTo(request('Create'))).Reason).toBe(
      'stages/prod.json reserves 10 concurrent executions for the report generator, but Lambda in account ' +
        '123456789012 (eu-west-1) can reserve 0: its quota is 10 and 100 must stay unreserved. Raise the quota ' +
        '"Concurrent executions" (Service Quotas, AWS Lambda) to at least 110, or remove ' +
        'reportGeneratorConcurrency from stages/prod.json; then deploy again.',
    );
  });

  it('names every problem at once, one line each', async () => {
    apiGateway.on(GetAccountCommand).resolves({});
    lambda
      .on(GetAccountSettingsCommand)
      .resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
    const reason = String((await answerTo(request('Create'))).Reason);
    expect(reason.split('\n').map((line) => line.slice(0, 40))).toEqual([
      'API Gateway has no CloudWatch Logs role ',
      'stages/prod.json reserves 10 concurrent ',
    ]);
  });

  it("counts the generator's own reservation on an update, which Lambda gives back first", async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [stackIn('UPDATE_IN_PROGRESS')] });
    lambda
      .on(GetAccountSettingsCommand)
      .resolves({ AccountLimit: { ConcurrentExecutions: 120, UnreservedConcurrentExecutions: 110 } });
    lambda.on(GetFunctionConcurrencyCommand).resolves({ ReservedConcurrentExecutions: 10 });
    expect((await answerTo(request('Update', { ...PROD, ReportGeneratorConcurrency: '20' }))).Status).toBe(
      'SUCCESS',
    );
    received = [];
    const reason = (await answerTo(request('Update', { ...PROD, ReportGeneratorConcurrency: '21' }))).Reason;
    expect(reason).toContain('can reserve 20: its quota is 120');
    expect(reason).toContain('to at least 121');
  });

  it('checks no reservation on a stage without one, and asks Lambda nothing', async () => {
    expect((await answerTo(request('Create', DEV))).Status).toBe('SUCCESS');
    expect(lambda.calls()).toHaveLength(0);
  });

  it('lets the rollback of a failed update through unchecked, so the rollback cannot fail', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [stackIn('UPDATE_ROLLBACK_IN_PROGRESS')] });
    apiGateway.on(GetAccountCommand).resolves({});
    expect((await answerTo(request('Update'))).Status).toBe('SUCCESS');
    expect(apiGateway.calls()).toHaveLength(0);
  });

  it('fails in one line, without a stack trace, when the account cannot be read', async () => {
    apiGateway
      .on(GetAccountCommand)
      .rejects(Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' }));
    const reason = String((await answerTo(request('Create'))).Reason);
    expect(reason).toBe(
      'The stage preflight could not check the account (AccessDeniedException: User is not authorized); ' +
        'its log group is /aws/lambda/test.',
    );
  });

  it('fails a create whose properties it cannot read, naming the property', async () => {
    const { StageFile: _left, ...withoutFile } = PROD;
    expect((await answerTo(request('Create', withoutFile as typeof PROD))).Reason).toMatch(
      /^Invalid preflight property StageFile: /,
    );
  });

  it('answers again when the response URL fails at first', async () => {
    failuresBeforeSuccess = 1;
    expect((await answerTo(request('Create'))).Status).toBe('SUCCESS');
  });
});

describe('the stage preflight on a delete', () => {
  it("turns a protected stage's termination protection off while its first create rolls back", async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [stackIn('ROLLBACK_IN_PROGRESS')] });
    expect(await answerTo(request('Delete'))).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'request-create',
    });
    expect(
      cloudFormation.commandCalls(UpdateTerminationProtectionCommand).map((call) => call.args[0].input),
    ).toEqual([{ StackName: STACK_ID, EnableTerminationProtection: false }]);
  });

  it.each(['DELETE_IN_PROGRESS', 'UPDATE_ROLLBACK_IN_PROGRESS', 'UPDATE_COMPLETE_CLEANUP_IN_PROGRESS'])(
    'leaves the protection alone in %s',
    async (status) => {
      cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [stackIn(status)] });
      expect((await answerTo(request('Delete'))).Status).toBe('SUCCESS');
      expect(cloudFormation.commandCalls(UpdateTerminationProtectionCommand)).toHaveLength(0);
    },
  );

  it('does nothing on an unprotected stage, so cdk destroy is never held up', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(new Error('never asked'));
    expect((await answerTo(request('Delete', DEV))).Status).toBe('SUCCESS');
    expect(cloudFormation.calls()).toHaveLength(0);
  });

  it('fails with the command to run when the protection cannot be turned off', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [stackIn('ROLLBACK_IN_PROGRESS')] });
    cloudFormation
      .on(UpdateTerminationProtectionCommand)
      .rejects(Object.assign(new Error('not authorized'), { name: 'AccessDenied' }));
    expect((await answerTo(request('Delete'))).Reason).toBe(
      'The stage preflight could not turn off the termination protection of CommerceApi-prod (AccessDenied: not ' +
        'authorized). If its first deploy failed, run aws cloudformation update-termination-protection ' +
        '--no-enable-termination-protection --stack-name CommerceApi-prod, then deploy again.',
    );
  });

  it('never fails on properties an older version wrote', async () => {
    expect(
      (await answerTo(request('Delete', { ServiceToken: PROD.ServiceToken, Stage: 'prod' }))).Status,
    ).toBe('SUCCESS');
  });
});
