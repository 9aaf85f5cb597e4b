/**
 * How `npm run smoke` finds a deployed stage from outside (docs/decisions/stages-and-deploys.md D74): its stack's
 * outputs say its API, where its tokens come from and whether it is protected; its writes beside
 * the API use the stack's smoke role. And what it says of a stage nothing was published to.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { ApiClient } from '#cli/smoke/api-client';
import { catalogueChecks } from '#cli/smoke/catalogue-checks';
import { Checks } from '#cli/smoke/checks';
import { Cleanup } from '#cli/smoke/cleanup';
import { committedContract } from '#cli/smoke/openapi-contract';
import { deployedStage } from '#cli/smoke/smoke-stage';

const cloudFormation = mockClient(CloudFormationClient);
const sts = mockClient(STSClient);

const stackWith = (outputs: Record<string, string>) =>
  cloudFormation.on(DescribeStacksCommand, { StackName: 'CommerceApi-dev' }).resolves({
    Stacks: [
      {
        StackName: 'CommerceApi-dev',
        CreationTime: new Date(),
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })),
      },
    ],
  });

const COGNITO_OUTPUTS = {
  ApiBaseUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com/dev/v1/',
  TableName: 'commerce-api-dev',
  ReportBucketName: 'commerce-api-dev-reports-bucket',
  UserPoolId: 'eu-west-1_pool',
  UserPoolClientId: 'client',
  SmokeRoleArn: 'arn:aws:iam::111111111111:role/commerce-api-dev-smoke',
  StageProtected: 'false',
};

beforeAll(() => {
  process.env.AWS_REGION = 'eu-west-1';
});
beforeEach(() => {
  cloudFormation.reset();
  sts.reset();
});

describe('a deployed stage', () => {
  it('is found by its stack outputs; its writes beside the API assume the smoke role', async () => {
    stackWith(COGNITO_OUTPUTS);
    sts.on(AssumeRoleCommand).resolves({
      Credentials: {
        AccessKeyId: 'AKIA',
        SecretAccessKey: 'secret',
        SessionToken: 'session',
        Expiration: new Date(),
      },
    });
    const stage = await deployedStage('dev');
    expect(stage).toMatchObject({
      name: 'dev',
      apiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com/dev/v1',
      tokens: 'cognito',
      isProtected: false,
    });
    expect(stage.documentUrl).toBeUndefined();
    const access = await stage.access(new ApiClient(stage.apiUrl, committedContract()));
    expect(access.description).toBe('assumed arn:aws:iam::111111111111:role/commerce-api-dev-smoke');
    expect(access.users).toBeDefined();
    expect(sts.commandCalls(AssumeRoleCommand)[0]!.args[0].input).toEqual({
      RoleArn: 'arn:aws:iam::111111111111:role/commerce-api-dev-smoke',
      RoleSessionName: 'commerce-api-smoke',
    });
    stage.close();
  });

  it('with an external issuer makes no user; a stack without StageProtected counts as protected', async () => {
    const { UserPoolId, UserPoolClientId, StageProtected, ...external } = COGNITO_OUTPUTS;
    stackWith(external);
    const stage = await deployedStage('dev');
    expect(stage).toMatchObject({ tokens: 'external', isProtected: true });
  });

  it('without credentials is said in one line with what to set', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(
      Object.assign(new Error('Could not load credentials from any providers'), {
        name: 'CredentialsProviderError',
      }),
    );
    await expect(deployedStage('dev')).rejects.toThrow(
      'Reading the stack CommerceApi-dev needs AWS credentials for its account: set AWS_PROFILE (or run aws sso login), and AWS_REGION.',
    );
  });

  it('that does not exist is said with the region to check', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .rejects(
        Object.assign(new Error('Stack with id CommerceApi-dev does not exist'), { name: 'ValidationError' }),
      );
    await expect(deployedStage('dev')).rejects.toThrow(
      'There is no stack CommerceApi-dev in eu-west-1 for these credentials: deploy the stage first, or set AWS_REGION and AWS_PROFILE to where it is.',
    );
  });
});

describe('a stage nothing was published to', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // An empty catalogue answers every list with [] (docs/architecture.md), in English.
    server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=60',
        'content-language': 'en',
        vary: 'Accept-Language',
      });
      response.end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes its lists, and skips what needs a product, saying to publish', async () => {
    const printed: string[] = [];
    const checks = new Checks((line) =>
      printed.push(line.replace(/\s+\d+ ms\s+/, ' | ').replace(/\s{2,}/g, ' | ')),
    );
    stackWith(COGNITO_OUTPUTS);
    const stage = await deployedStage('dev');
    await catalogueChecks({
      api: new ApiClient(baseUrl, committedContract()),
      checks,
      stage,
      cleanup: new Cleanup(),
    });
    const publish =
      'nothing published yet: publish a catalogue (npm run catalogue -- publish FILE --stage dev), then run again';
    expect(printed).toEqual([
      'ok | catalogue: GET /business-units | 200, 0 business units',
      'ok | catalogue: GET /countries | 200, 0 countries',
      `skip | catalogue: GET /products?country=…&limit=5 | ${publish}`,
      `skip | catalogue: GET /products/{product_id} | ${publish}`,
      `skip | catalogue: GET /products/{product_id}/technical_info | ${publish}`,
      `skip | catalogue: GET /products/{product_id}/ratings | ${publish}`,
      `skip | catalogue: GET /products/{product_id}/images | ${publish}`,
      `skip | catalogue: GET /books/{book_id} | ${publish}`,
      `skip | catalogue: GET /products/{product_id}/stocks?location_id=nowhere-0 | ${publish}`,
      'ok | search: POST /products/search | 200, 0 products',
      'ok | search: GET /products?searchCriteria=… | 200, the same answer as POST /products/search',
    ]);
    expect(checks.failed).toBe(false);
  });
});
