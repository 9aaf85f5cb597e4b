import { STATUS_ROUTE_THROTTLE } from '#functions/contracts/caller-limits';
import { API_SCHEME_ENV, REPORT_ENV, WEBHOOK_ENV } from '#functions/contracts/environment';
import { reportObjectKey } from '#functions/contracts/keys/report-object-key';
import { tableSchema } from '#functions/contracts/table-schema';
import { POLL_AFTER_SECONDS, REPORT_RETENTION_DAYS } from '#functions/reports/domain/report-job';
import { API_VERSION, routes } from '#functions/routes';
import { REPORT_READER_ROUTE, REPORT_STARTER_ROUTE, SEARCH_ROUTES } from '#lib/commerce-api-stack';
import { REPORT_OBJECT_PATTERN } from '#lib/report-bucket';
import { DEFAULT_THROTTLE } from '#lib/stage';
import {
  actionsOf,
  arnOf,
  bucketId,
  callbackId,
  dev,
  environmentOf,
  functions,
  functionsAllowed,
  generatorId,
  logicalId,
  objectsArn,
  policies,
  prod,
  readerId,
  recorderId,
  resources,
  roleIdOf,
  secretMakerId,
  starterId,
  stateMachineId,
  statementsOf,
  webhookKeyId,
  withActionPrefix,
} from './support/report-template';
import { type CfnJson, resourcesOfType } from './synth';

describe('the task functions', () => {
  it.each([
    ['generator', () => generatorId, 1769],
    ['state recorder', () => recorderId, 512],
    ['callback sender', () => callbackId, 512],
  ])('the %s runs Node.js 24 on arm64, traced, with the table in TABLE_NAME', (_name, id, memory) => {
    expect(functions[id()]!.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      MemorySize: memory,
      Environment: { Variables: { TABLE_NAME: { Ref: logicalId(dev.stack.storage.table) } } },
    });
  });

  const WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|\*)$/;
  it('the generator only reads the table; the recorder and the callback sender also write it', () => {
    const dynamoActions = (id: string) => withActionPrefix(statementsOf(id), 'dynamodb:').flatMap(actionsOf);
    expect(dynamoActions(generatorId)).toContain('dynamodb:Query');
    expect(dynamoActions(generatorId).filter((a) => WRITES.test(a))).toEqual([]);
    for (const id of [recorderId, callbackId]) {
      expect(dynamoActions(id)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
    }
  });

  it('never carry a signing secret, the webhook key or the sandbox-only switches in their environment', () => {
    for (const id of Object.keys(functions)) {
      const environment = environmentOf(id);
      expect(environment[REPORT_ENV.allowLoopbackCallbacks]).toBeUndefined();
      expect(environment[API_SCHEME_ENV]).toBeUndefined();
      // The old stage-wide secret's variables (issue 14 §3), and any literal value that could be one.
      expect(environment.WEBHOOK_SECRET).toBeUndefined();
      expect(environment.WEBHOOK_SECRET_ID).toBeUndefined();
      for (const value of Object.values(environment)) {
        if (typeof value === 'string') expect(value).not.toMatch(/whsec_/);
      }
    }
  });
});

describe('the report bucket', () => {
  const bucket = resources[bucketId];

  it('is one of two buckets (reports, catalogue imports), encrypted at rest (SSE-S3)', () => {
    dev.template.resourceCountIs('AWS::S3::Bucket', 2);
    prod.template.resourceCountIs('AWS::S3::Bucket', 2);
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
  });

  it('blocks every public access and disables ACLs (bucket owner enforced)', () => {
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
    });
  });

  it('refuses every request not made over TLS', () => {
    const bucketPolicies = Object.values(resourcesOfType(dev.template, 'AWS::S3::BucketPolicy')).filter(
      (policy) => policy.Properties.Bucket.Ref === bucketId,
    );
    expect(bucketPolicies).toHaveLength(1);
    expect(bucketPolicies[0]!.Properties.Bucket).toEqual({ Ref: bucketId });
    expect(bucketPolicies[0]!.Properties.PolicyDocument.Statement).toContainEqual({
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: 's3:*',
      Resource: [arnOf(bucketId), objectsArn('*')],
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    });
  });

  it(`deletes the PDFs ${REPORT_RETENTION_DAYS} days after they are written (REPORT_RETENTION_DAYS)`, () => {
    expect(REPORT_RETENTION_DAYS).toBe(7);
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual({
      Id: 'expire-reports',
      Status: 'Enabled',
      ExpirationInDays: REPORT_RETENTION_DAYS,
    });
  });

  it('is kept with the prod stack, and emptied and deleted with a dev stack', () => {
    expect(bucket).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    const autoDelete = Object.values(dev.template.findResources('Custom::S3AutoDeleteObjects'));
    expect(autoDelete).toContainEqual(
      expect.objectContaining({ Properties: expect.objectContaining({ BucketName: { Ref: bucketId } }) }),
    );

    for (const prodBucket of Object.values(prod.template.findResources('AWS::S3::Bucket'))) {
      expect(prodBucket).toMatchObject({
        DeletionPolicy: 'RetainExceptOnCreate',
        UpdateReplacePolicy: 'Retain',
      });
    }
    prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });
});

/** The catalogue publish task, whose S3 access is its own import bucket's (test/infra/catalogue-publishing-stack.test.ts). */
const publishStepId = logicalId(dev.stack.catalogue.publishStep);

describe('access to the reports', () => {
  it(`the generator has the bucket in ${REPORT_ENV.bucket} and may only put objects under ${REPORT_OBJECT_PATTERN}`, () => {
    expect(environmentOf(generatorId)[REPORT_ENV.bucket]).toEqual({ Ref: bucketId });
    expect(withActionPrefix(statementsOf(generatorId), 's3:')).toEqual([
      { Effect: 'Allow', Action: 's3:PutObject', Resource: objectsArn(REPORT_OBJECT_PATTERN) },
    ]);
  });

  it(`${REPORT_READER_ROUTE} has the bucket in ${REPORT_ENV.bucket}, may get objects under ${REPORT_OBJECT_PATTERN}, and list the bucket (404 for an expired PDF)`, () => {
    expect(environmentOf(readerId)[REPORT_ENV.bucket]).toEqual({ Ref: bucketId });
    expect(withActionPrefix(statementsOf(readerId), 's3:')).toEqual([
      { Effect: 'Allow', Action: 's3:GetObject', Resource: objectsArn(REPORT_OBJECT_PATTERN) },
      { Effect: 'Allow', Action: 's3:ListBucket', Resource: arnOf(bucketId) },
    ]);
  });

  it('no other function may use S3 (but the catalogue publish task and the search routes, on the import bucket), or knows the bucket', () => {
    // The search routes read the catalogue's search snapshots (test/infra/catalogue-search-stack.test.ts).
    const searchIds = SEARCH_ROUTES.map((route) => logicalId(dev.stack.api.functionFor(route)));
    expect(functionsAllowed('s3:').sort()).toEqual(
      [generatorId, readerId, publishStepId, ...searchIds].sort(),
    );
    const knowing = Object.keys(functions).filter((id) => environmentOf(id)[REPORT_ENV.bucket] !== undefined);
    expect(knowing.sort()).toEqual([generatorId, readerId].sort());
  });

  it(`the key the report writer and reader use falls under ${REPORT_OBJECT_PATTERN}`, () => {
    const prefix = REPORT_OBJECT_PATTERN.replace(/\*$/, '');
    expect(reportObjectKey('0b6c7a52-8f0e-4a8e-9c57-2f6a1d4c9e11').startsWith(prefix)).toBe(true);
  });
});

describe('starting a report', () => {
  it(`${REPORT_STARTER_ROUTE} has the state machine in ${REPORT_ENV.stateMachineArn} and may start executions of it alone`, () => {
    expect(environmentOf(starterId)[REPORT_ENV.stateMachineArn]).toEqual({ Ref: stateMachineId });
    expect(withActionPrefix(statementsOf(starterId), 'states:')).toEqual([
      { Effect: 'Allow', Action: 'states:StartExecution', Resource: { Ref: stateMachineId } },
    ]);
  });

  it('no other function may use Step Functions, or knows the state machine', () => {
    // But the deploy's catalogue upgrade trigger, on the publish workflow alone (test/infra/catalogue-upgrade-stack.test.ts).
    const [trigger] = Object.values(resourcesOfType(dev.template, 'Custom::CatalogueUpgrade'));
    expect(functionsAllowed('states:').sort()).toEqual(
      [starterId, trigger!.Properties.ServiceToken['Fn::GetAtt'][0]].sort(),
    );
    const knowing = Object.keys(functions).filter(
      (id) => environmentOf(id)[REPORT_ENV.stateMachineArn] !== undefined,
    );
    expect(knowing).toEqual([starterId]);
  });
});

describe('the webhook stage key (docs/decisions/report-export.md D60)', () => {
  const secrets = resourcesOfType(dev.template, 'AWS::SecretsManager::Secret');

  it('is the only secret of the stage, generated: 64 letters and digits, in no output', () => {
    expect(Object.keys(secrets)).toEqual([webhookKeyId]);
    expect(secrets[webhookKeyId]!.Properties).toMatchObject({
      Name: 'commerce-api-dev-webhook-key',
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
    });
    expect(secrets[webhookKeyId]!.Properties.SecretString).toBeUndefined();
    prod.template.hasResource('AWS::SecretsManager::Secret', {
      Properties: { Name: 'commerce-api-prod-webhook-key' },
      DeletionPolicy: 'RetainExceptOnCreate',
    });
    // The stage-wide secret partners used to share is gone, and with it its output.
    expect(Object.keys(dev.template.toJSON().Outputs)).not.toContain('WebhookSecretArn');
    expect(JSON.stringify(dev.template.toJSON().Outputs)).not.toContain(webhookKeyId);
  });

  it(`is named, by ARN, to the callback sender and POST /@me/webhook-secrets alone, in ${WEBHOOK_ENV.keySecretId}`, () => {
    const knowing = Object.keys(functions).filter(
      (id) => environmentOf(id)[WEBHOOK_ENV.keySecretId] !== undefined,
    );
    expect(knowing.sort()).toEqual([callbackId, secretMakerId].sort());
    for (const id of knowing)
      expect(environmentOf(id)[WEBHOOK_ENV.keySecretId]).toEqual({ Ref: webhookKeyId });
  });

  it('can be read by those two functions alone (secretsmanager:GetSecretValue on this secret)', () => {
    const readers = Object.entries(policies)
      .filter(([, policy]) =>
        policy.Properties.PolicyDocument.Statement.some((s: CfnJson) =>
          actionsOf(s).some((a) => a === 'secretsmanager:GetSecretValue' || a === 'secretsmanager:*'),
        ),
      )
      .flatMap(([, policy]) => policy.Properties.Roles.map((role: CfnJson) => role.Ref));
    expect(readers.sort()).toEqual([roleIdOf(callbackId), roleIdOf(secretMakerId)].sort());
    for (const id of [callbackId, secretMakerId]) {
      expect(withActionPrefix(statementsOf(id), 'secretsmanager:')).toEqual([
        {
          Effect: 'Allow',
          Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
          Resource: { Ref: webhookKeyId },
        },
      ]);
    }
  });
});

describe('the API side of reports', () => {
  const [stage] = Object.values(resourcesOfType(dev.template, 'AWS::ApiGateway::Stage'));
  const statusRoute = routes.find((route) => route.name === 'get-report-status')!;

  it('throttles the status route at its method, all callers together (STATUS_ROUTE_THROTTLE)', () => {
    expect(statusRoute.path).toBe('/orders/reports/status/{report_id}');
    expect(statusRoute.throttle).toBe(STATUS_ROUTE_THROTTLE);
    expect(stage!.Properties.MethodSettings).toContainEqual({
      ResourcePath: `/~1${API_VERSION}~1orders~1reports~1status~1{report_id}`,
      HttpMethod: 'GET',
      ThrottlingRateLimit: STATUS_ROUTE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: STATUS_ROUTE_THROTTLE.burstLimit,
      MetricsEnabled: true,
      LoggingLevel: 'ERROR',
      DataTraceEnabled: false,
    });
  });

  it("keeps that throttle a safety net: above every other route's, and 1,000 reports polled at once", () => {
    // It acts before the authorizer, for every caller together: below legitimate polling, one
    // client with any token could make everyone's polls 429 (docs/decisions/limits-and-throttles.md D26).
    expect(STATUS_ROUTE_THROTTLE.rateLimit).toBeGreaterThanOrEqual(1_000 / POLL_AFTER_SECONDS);
    expect(STATUS_ROUTE_THROTTLE.rateLimit).toBeGreaterThan(DEFAULT_THROTTLE.rateLimit);
    expect(STATUS_ROUTE_THROTTLE.burstLimit).toBeGreaterThan(DEFAULT_THROTTLE.burstLimit);
    const others = routes.filter((route) => route !== statusRoute && route.throttle);
    for (const route of others)
      expect(route.throttle!.rateLimit).toBeLessThan(STATUS_ROUTE_THROTTLE.rateLimit);
  });

  it('lets the PDF route answer bytes: every media type is binary', () => {
    dev.template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });
});

describe('the table', () => {
  it(`expires idle callers' limit items with DynamoDB TTL on ${tableSchema.expiresAt}`, () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });
});
