import { REPORT_ENV } from '../../functions/commons/environment';
import { tableSchema } from '../../functions/commons/table-schema';
import { REPORT_RETENTION_DAYS } from '../../functions/reports/domain/report-job';
import {
  CALLBACK_RETRY,
  GENERATE_RETRY,
  REPORT_ERRORS,
  REPORT_STATES,
  TASK_TIMEOUTS,
} from '../../functions/reports/domain/report-workflow';
import { STATUS_METHOD_THROTTLE } from '../../functions/reports/domain/status-rate-limit';
import { reportObjectKey } from '../../functions/reports/store/report-object-key';
import { API_VERSION, reportFunctions, routes } from '../../functions/routes';
import { REPORT_READER_ROUTE, REPORT_STARTER_ROUTE } from '../../lib/commerce-api-stack';
import { REPORT_OBJECT_PATTERN } from '../../lib/report-bucket';
import { routeFunctionName } from '../../lib/resource-names';
import { type CfnJson, resourcesOfType, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
const resources = dev.template.toJSON().Resources as Record<string, CfnJson>;
const functions = resourcesOfType(dev.template, 'AWS::Lambda::Function');
const policies = resourcesOfType(dev.template, 'AWS::IAM::Policy');

const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  dev.stack.resolve((construct.node.defaultChild as CfnJson).logicalId);
const { reports } = dev.stack;
const stateMachineId = logicalId(reports.stateMachine);
const bucketId = logicalId(reports.bucket.bucket);
const secretId = logicalId(reports.webhookSecret);
const generatorId = logicalId(reports.generator);
const recorderId = logicalId(reports.stateRecorder);
const callbackId = logicalId(reports.callbackSender);
const starterId = logicalId(dev.stack.api.functionFor(REPORT_STARTER_ROUTE));
const readerId = logicalId(dev.stack.api.functionFor(REPORT_READER_ROUTE));
const stateMachine = resources[stateMachineId];

const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
const objectsArn = (pattern: string) => ({ 'Fn::Join': ['', [arnOf(bucketId), `/${pattern}`]] });
const roleIdOf = (functionId: string): string => functions[functionId]!.Properties.Role['Fn::GetAtt'][0];
/** Every statement of the inline policies attached to a role. */
const statementsOfRole = (roleId: string): CfnJson[] =>
  Object.values(policies)
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
const statementsOf = (functionId: string) => statementsOfRole(roleIdOf(functionId));
const actionsOf = (statement: CfnJson): string[] => [statement.Action].flat();
const withActionPrefix = (statements: CfnJson[], prefix: string) =>
  statements.filter((s) => actionsOf(s).some((a) => a.startsWith(prefix)));
const environmentOf = (functionId: string): Record<string, CfnJson> =>
  functions[functionId]!.Properties.Environment?.Variables ?? {};
/** Logical ids of the functions whose role has a statement with an action of this prefix. */
const functionsAllowed = (prefix: string) =>
  Object.keys(functions).filter((id) => withActionPrefix(statementsOf(id), prefix).length > 0);

/** A placeholder for `{"Fn::GetAtt": [id, "Arn"]}` inside the definition. */
const ARN_OF = (id: string) => `arn-of:${id}`;

/**
 * The definition as JSON: the template holds it as an Fn::Join of string pieces and the task
 * functions' `Fn::GetAtt` ARNs, which become `arn-of:<logical id>`.
 */
function definitionOf(definitionString: CfnJson): CfnJson {
  const [separator, parts] = definitionString['Fn::Join'] as [string, CfnJson[]];
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const [id, attribute] = part['Fn::GetAtt'];
      if (attribute !== 'Arn') throw new Error(`Unexpected token in the definition: ${JSON.stringify(part)}`);
      return ARN_OF(id);
    })
    .join(separator);
  return JSON.parse(text);
}
const definition = definitionOf(stateMachine.Properties.DefinitionString);
const states: Record<string, CfnJson> = definition.States;
const state = (name: string): CfnJson => {
  const found = states[name];
  if (!found) throw new Error(`No state ${name}`);
  return found;
};

const LAMBDA_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

describe('the report state machine', () => {
  it('is the only one: Standard, named after the stage, traced', () => {
    dev.template.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    expect(stateMachine.Properties).toMatchObject({
      StateMachineName: 'commerce-api-dev-reports',
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
    });
  });

  it('logs every event (level ALL), without execution data, to its own log group', () => {
    const { LoggingConfiguration } = stateMachine.Properties;
    expect(LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
    expect(LoggingConfiguration.Destinations).toHaveLength(1);
    const logGroupId =
      LoggingConfiguration.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0];
    expect(resources[logGroupId]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { LogGroupName: '/aws/vendedlogs/states/commerce-api-dev-reports', RetentionInDays: 14 },
      DeletionPolicy: 'Delete',
    });
    prod.template.hasResource('AWS::Logs::LogGroup', {
      Properties: { LogGroupName: '/aws/vendedlogs/states/commerce-api-prod-reports', RetentionInDays: 365 },
      DeletionPolicy: 'Retain',
    });
  });

  it('starts with Generate report and has exactly the states of REPORT_STATES', () => {
    expect(definition.StartAt).toBe(REPORT_STATES.generate);
    expect(Object.keys(states).sort()).toEqual(Object.values(REPORT_STATES).sort());
  });

  const taskFunctionIds: Record<string, () => string> = {
    [reportFunctions.generate.name]: () => generatorId,
    [reportFunctions.recordState.name]: () => recorderId,
    [reportFunctions.sendCallback.name]: () => callbackId,
  };
  it.each([
    [REPORT_STATES.generate, reportFunctions.generate.name, TASK_TIMEOUTS.generate],
    [REPORT_STATES.markCompleted, reportFunctions.recordState.name, TASK_TIMEOUTS.record],
    [REPORT_STATES.markFailed, reportFunctions.recordState.name, TASK_TIMEOUTS.record],
    [REPORT_STATES.recordNotDelivered, reportFunctions.recordState.name, TASK_TIMEOUTS.record],
    [REPORT_STATES.sendCallback, reportFunctions.sendCallback.name, TASK_TIMEOUTS.callback],
  ])(
    'runs "%s" on %s, by its ARN, timing out after %i s like the function itself',
    (name, functionName, timeout) => {
      const functionId = taskFunctionIds[functionName]!();
      const task = state(name);
      expect(task.Type).toBe('Task');
      // The function's own ARN (payloadResponseOnly), not the lambda:invoke integration.
      expect(task.Resource).toBe(ARN_OF(functionId));
      expect(functions[functionId]!.Properties.FunctionName).toBe(routeFunctionName('dev', functionName));
      expect(task.TimeoutSeconds).toBe(timeout);
      expect(functions[functionId]!.Properties.Timeout).toBe(timeout);
    },
  );

  it('hands each task the payload its function expects, and keeps results where the next state reads them', () => {
    expect(state(REPORT_STATES.generate)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId' },
      ResultPath: '$.report',
    });
    expect(state(REPORT_STATES.markCompleted)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId', outcome: 'COMPLETED', 'bytes.$': '$.report.bytes' },
      ResultPath: '$.recorded',
    });
    expect(state(REPORT_STATES.markFailed)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId', outcome: 'FAILED', 'error.$': '$.failure.Error' },
      ResultPath: null,
    });
    expect(state(REPORT_STATES.recordNotDelivered)).toMatchObject({
      Parameters: {
        'reportId.$': '$.reportId',
        outcome: 'NOTIFICATION_FAILED',
        'error.$': '$.failure.Error',
      },
      ResultPath: null,
    });
    expect(state(REPORT_STATES.sendCallback)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId' },
      ResultPath: null,
    });
  });

  describe('retries', () => {
    it(`retry "${REPORT_STATES.generate}" on ${REPORT_ERRORS.storageFailed} and Lambda's own errors only, as GENERATE_RETRY says`, () => {
      const retry: CfnJson[] = state(REPORT_STATES.generate).Retry;
      expect(retry).toHaveLength(1);
      expect(retry[0]).toEqual({
        ErrorEquals: expect.arrayContaining([REPORT_ERRORS.storageFailed, ...LAMBDA_ERRORS]),
        IntervalSeconds: GENERATE_RETRY.intervalSeconds,
        BackoffRate: GENERATE_RETRY.backoffRate,
        MaxAttempts: GENERATE_RETRY.maxRetries,
      });
      // A report with too many orders fails at once: retrying cannot make it smaller.
      expect(retry[0].ErrorEquals).not.toContain(REPORT_ERRORS.tooLarge);
      expect(retry[0].ErrorEquals).not.toContain('States.ALL');
    });

    it(`retry "${REPORT_STATES.sendCallback}" when not delivered every 1, 2, 4 … 128 minutes (CALLBACK_RETRY)`, () => {
      expect(CALLBACK_RETRY).toEqual({ intervalSeconds: 60, backoffRate: 2, maxRetries: 8 });
      const retry = state(REPORT_STATES.sendCallback).Retry;
      expect(retry).toEqual([
        {
          ErrorEquals: expect.arrayContaining([
            REPORT_ERRORS.callbackNotDelivered,
            'States.Timeout',
            ...LAMBDA_ERRORS,
          ]),
          IntervalSeconds: 60,
          BackoffRate: 2,
          MaxAttempts: 8,
        },
      ]);
      // A permanent error (no callback stored, a bug) is not retried for hours: it goes to the catch.
      expect(retry[0].ErrorEquals).not.toContain('States.ALL');
    });

    it('leave time for every attempt of every task within the execution timeout (24 h)', () => {
      /** Longest time a task may take: each attempt timing out, plus the waits between them. */
      const worst = (
        retry: { intervalSeconds: number; backoffRate: number; maxRetries: number },
        timeout: number,
      ) =>
        (retry.maxRetries + 1) * timeout +
        Array.from(
          { length: retry.maxRetries },
          (_, i) => retry.intervalSeconds * retry.backoffRate ** i,
        ).reduce((a, b) => a + b, 0);
      // The callback's waits alone: 1 + 2 + … + 128 minutes = 4 h 15 min.
      expect(worst(CALLBACK_RETRY, 0)).toBe(255 * 60);
      const recordRetry = state(REPORT_STATES.markCompleted).Retry[0];
      const recorder = worst(
        {
          intervalSeconds: recordRetry.IntervalSeconds,
          backoffRate: recordRetry.BackoffRate,
          maxRetries: recordRetry.MaxAttempts,
        },
        TASK_TIMEOUTS.record,
      );
      const longestPath =
        worst(GENERATE_RETRY, TASK_TIMEOUTS.generate) +
        2 * recorder +
        worst(CALLBACK_RETRY, TASK_TIMEOUTS.callback);
      expect(definition.TimeoutSeconds).toBe(24 * 3600);
      expect(longestPath).toBeLessThan(definition.TimeoutSeconds);
    });

    it.each([REPORT_STATES.markCompleted, REPORT_STATES.markFailed, REPORT_STATES.recordNotDelivered])(
      'retry "%s" on a timeout and on Lambda errors',
      (name) => {
        const retry: CfnJson[] = state(name).Retry;
        expect(retry).toHaveLength(1);
        expect(retry[0].ErrorEquals).toEqual(expect.arrayContaining(['States.Timeout', ...LAMBDA_ERRORS]));
        expect(retry[0].MaxAttempts).toBeGreaterThan(0);
      },
    );
  });

  describe('transitions', () => {
    const catchInto = (next: string) => [
      { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: next },
    ];

    it(`go from "${REPORT_STATES.generate}" to "${REPORT_STATES.markCompleted}", then to the Choice`, () => {
      expect(state(REPORT_STATES.generate).Next).toBe(REPORT_STATES.markCompleted);
      expect(state(REPORT_STATES.markCompleted).Next).toBe(REPORT_STATES.callbackRequested);
    });

    it.each([REPORT_STATES.generate, REPORT_STATES.markCompleted])(
      `catch any error of "%s" into "${REPORT_STATES.markFailed}", with the error at $.failure`,
      (name) => {
        expect(state(name).Catch).toEqual(catchInto(REPORT_STATES.markFailed));
      },
    );

    it(`end a failed report in the Fail state "${REPORT_STATES.failed}"`, () => {
      expect(state(REPORT_STATES.markFailed).Next).toBe(REPORT_STATES.failed);
      expect(state(REPORT_STATES.failed)).toMatchObject({ Type: 'Fail', Error: 'ReportFailed' });
    });

    it('send the callback only when the recorded job asks for one', () => {
      expect(state(REPORT_STATES.callbackRequested)).toEqual({
        Type: 'Choice',
        Choices: [{ Variable: '$.recorded.callback', BooleanEquals: true, Next: REPORT_STATES.sendCallback }],
        Default: REPORT_STATES.done,
      });
    });

    it(`after the last callback retry, record that the partner was not notified, and still end in "${REPORT_STATES.done}"`, () => {
      expect(state(REPORT_STATES.sendCallback).Next).toBe(REPORT_STATES.done);
      expect(state(REPORT_STATES.sendCallback).Catch).toEqual(catchInto(REPORT_STATES.recordNotDelivered));
      expect(state(REPORT_STATES.recordNotDelivered).Next).toBe(REPORT_STATES.done);
      expect(state(REPORT_STATES.done)).toEqual({ Type: 'Succeed' });
    });

    it('name existing states only, and reach every state from the start', () => {
      const targets = (s: CfnJson): string[] => [
        ...(s.Next ? [s.Next] : []),
        ...(s.Default ? [s.Default] : []),
        ...(s.Choices ?? []).map((choice: CfnJson) => choice.Next),
        ...(s.Catch ?? []).map((c: CfnJson) => c.Next),
      ];
      const reached = new Set<string>([definition.StartAt]);
      const queue = [definition.StartAt as string];
      while (queue.length > 0) {
        for (const next of targets(state(queue.shift()!))) {
          expect(Object.keys(states)).toContain(next);
          if (!reached.has(next)) {
            reached.add(next);
            queue.push(next);
          }
        }
      }
      expect([...reached].sort()).toEqual(Object.keys(states).sort());
    });
  });

  it('may invoke the three task functions, by their unqualified ARNs, and no other', () => {
    const roleId = stateMachine.Properties.RoleArn['Fn::GetAtt'][0];
    const invokes = statementsOfRole(roleId).filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invokes).toHaveLength(1);
    expect(actionsOf(invokes[0])).toEqual(['lambda:InvokeFunction']);
    const resources = [invokes[0].Resource].flat().map((r: CfnJson) => JSON.stringify(r));
    expect(resources.sort()).toEqual(
      [generatorId, recorderId, callbackId].map((id) => JSON.stringify(arnOf(id))).sort(),
    );
  });
});

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

  it('never carry a signing secret or the sandbox-only loopback switch in their environment', () => {
    for (const id of Object.keys(functions)) {
      expect(environmentOf(id)[REPORT_ENV.webhookSecret]).toBeUndefined();
      expect(environmentOf(id)[REPORT_ENV.allowLoopbackCallbacks]).toBeUndefined();
    }
  });
});

describe('the report bucket', () => {
  const bucket = resources[bucketId];

  it('is the only bucket, encrypted at rest (SSE-S3)', () => {
    dev.template.resourceCountIs('AWS::S3::Bucket', 1);
    prod.template.resourceCountIs('AWS::S3::Bucket', 1);
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
    const bucketPolicies = Object.values(resourcesOfType(dev.template, 'AWS::S3::BucketPolicy'));
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
    expect(autoDelete).toEqual([
      expect.objectContaining({ Properties: expect.objectContaining({ BucketName: { Ref: bucketId } }) }),
    ]);

    prod.template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });
});

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

  it('no other function may use S3, or knows the bucket', () => {
    expect(functionsAllowed('s3:').sort()).toEqual([generatorId, readerId].sort());
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
    expect(functionsAllowed('states:')).toEqual([starterId]);
    const knowing = Object.keys(functions).filter(
      (id) => environmentOf(id)[REPORT_ENV.stateMachineArn] !== undefined,
    );
    expect(knowing).toEqual([starterId]);
  });
});

describe('the webhook signing secret', () => {
  const secrets = resourcesOfType(dev.template, 'AWS::SecretsManager::Secret');

  it('is one generated secret per stage: 48 letters and digits (the base64 of whsec_…), no punctuation', () => {
    expect(Object.keys(secrets)).toEqual([secretId]);
    expect(secrets[secretId]!.Properties).toMatchObject({
      Name: 'commerce-api-dev-webhook-secret',
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false },
    });
    expect(secrets[secretId]!.Properties.SecretString).toBeUndefined();
    prod.template.hasResource('AWS::SecretsManager::Secret', {
      Properties: { Name: 'commerce-api-prod-webhook-secret' },
      DeletionPolicy: 'Retain',
    });
  });

  it(`is named to the callback function alone, in ${REPORT_ENV.webhookSecretId}`, () => {
    expect(environmentOf(callbackId)[REPORT_ENV.webhookSecretId]).toEqual({ Ref: secretId });
    const knowing = Object.keys(functions).filter(
      (id) => environmentOf(id)[REPORT_ENV.webhookSecretId] !== undefined,
    );
    expect(knowing).toEqual([callbackId]);
  });

  it('can be read by the callback function alone (secretsmanager:GetSecretValue on this secret)', () => {
    const readers = Object.entries(policies)
      .filter(([, policy]) =>
        policy.Properties.PolicyDocument.Statement.some((s: CfnJson) =>
          actionsOf(s).some((a) => a === 'secretsmanager:GetSecretValue' || a === 'secretsmanager:*'),
        ),
      )
      .flatMap(([, policy]) => policy.Properties.Roles.map((role: CfnJson) => role.Ref));
    expect(readers).toEqual([roleIdOf(callbackId)]);
    expect(withActionPrefix(statementsOf(callbackId), 'secretsmanager:')).toEqual([
      {
        Effect: 'Allow',
        Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        Resource: { Ref: secretId },
      },
    ]);
  });
});

describe('the API side of reports', () => {
  const [stage] = Object.values(resourcesOfType(dev.template, 'AWS::ApiGateway::Stage'));
  const statusRoute = routes.find((route) => route.name === 'get-report-status')!;

  it('throttles the status route at its method, all callers together (STATUS_METHOD_THROTTLE)', () => {
    expect(statusRoute.path).toBe('/orders/reports/status/{report_id}');
    expect(statusRoute.throttle).toBe(STATUS_METHOD_THROTTLE);
    expect(stage!.Properties.MethodSettings).toContainEqual({
      ResourcePath: `/~1${API_VERSION}~1orders~1reports~1status~1{report_id}`,
      HttpMethod: 'GET',
      ThrottlingRateLimit: STATUS_METHOD_THROTTLE.rateLimit,
      ThrottlingBurstLimit: STATUS_METHOD_THROTTLE.burstLimit,
      MetricsEnabled: true,
      LoggingLevel: 'ERROR',
      DataTraceEnabled: false,
    });
  });

  it('lets the PDF route answer bytes: every media type is binary', () => {
    dev.template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });
});

describe('the table', () => {
  it(`expires rate-limit windows with DynamoDB TTL on ${tableSchema.expiresAt}`, () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });
});
