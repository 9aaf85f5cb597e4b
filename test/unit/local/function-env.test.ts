import { functionEnvironment } from '../../../local/function-env';

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

  it('has no queue variables when the queues are not running', () => {
    const env = functionEnvironment(base, { LOG_LEVEL: 'DEBUG' });
    expect(env).not.toHaveProperty('AWS_ENDPOINT_URL_SQS');
    expect(env).not.toHaveProperty('BATCH_QUEUE_URL');
    expect(env.LOG_LEVEL).toBe('DEBUG');
  });
});
