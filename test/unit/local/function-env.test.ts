import { functionEnvironment } from '#local/function-env';

describe("the functions' environment in the sandbox", () => {
  const base = { dynamoDbEndpoint: 'http://127.0.0.1:1', tableName: 'commerce-api-sandbox' };

  it('points the SDK at the local servers through its own endpoint variables', () => {
    const env = functionEnvironment(
      { ...base, sqsEndpoint: 'http://127.0.0.1:2', batchQueueUrl: 'http://127.0.0.1:2/000000000000/q' },
      {},
    );
    expect(env).toMatchObject({
      TABLE_NAME: 'commerce-api-sandbox',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
      AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:2',
      BATCH_QUEUE_URL: 'http://127.0.0.1:2/000000000000/q',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'WARN',
    });
  });

  it('points S3 and Step Functions at the sandbox, as s3rver needs, and allows loopback callbacks', () => {
    const env = functionEnvironment(
      {
        ...base,
        s3Endpoint: 'http://127.0.0.1:3',
        reportBucket: 'commerce-api-sandbox-reports',
        sfnEndpoint: 'http://127.0.0.1:4',
        reportStateMachineArn:
          'arn:aws:states:us-east-1:000000000000:stateMachine:commerce-api-sandbox-reports',
        secretsManagerEndpoint: 'http://127.0.0.1:5',
      },
      {},
    );
    expect(env).toMatchObject({
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:3',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      REPORT_BUCKET: 'commerce-api-sandbox-reports',
      AWS_ENDPOINT_URL_SFN: 'http://127.0.0.1:4',
      REPORT_STATE_MACHINE_ARN:
        'arn:aws:states:us-east-1:000000000000:stateMachine:commerce-api-sandbox-reports',
      // The webhook stage key's name, never its value (docs/decisions/report-export.md D60).
      AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:5',
      WEBHOOK_KEY_SECRET_ID: 'commerce-api-sandbox-webhook-key',
      SANDBOX_ALLOW_LOOPBACK_CALLBACKS: '1',
      // The one http deployment: its Location headers are http (docs/decisions/http-requests.md D61).
      API_SCHEME: 'http',
      // s3rver's one access key; dynalite and fauxqs take any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });

  it('turns the metrics off (their EMF lines would fill the console), unless asked for', () => {
    expect(functionEnvironment(base, {}).POWERTOOLS_METRICS_DISABLED).toBe('true');
    expect(
      functionEnvironment(base, { POWERTOOLS_METRICS_DISABLED: 'false' }).POWERTOOLS_METRICS_DISABLED,
    ).toBe('false');
  });

  it('has no queue variables when the queues are not running', () => {
    const env = functionEnvironment(base, { LOG_LEVEL: 'DEBUG' });
    expect(env).not.toHaveProperty('AWS_ENDPOINT_URL_SQS');
    expect(env).not.toHaveProperty('BATCH_QUEUE_URL');
    expect(env.LOG_LEVEL).toBe('DEBUG');
  });
});
