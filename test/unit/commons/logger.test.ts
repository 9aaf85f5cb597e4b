import type { Context } from 'aws-lambda';
import { Logger } from '#commons/logger';

const context = (requestId: string): Context =>
  ({
    functionName: 'commerce-api-dev-get-order',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:commerce-api-dev-get-order',
    memoryLimitInMB: '512',
    awsRequestId: requestId,
  }) as Context;

/** A logger with this environment whose lines are collected, parsed. */
const collecting = (env: NodeJS.ProcessEnv = {}) => {
  const lines: Record<string, unknown>[] = [];
  const logger = new Logger({ env, sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
};

describe('Logger', () => {
  it('writes one JSON line with the level, message, ISO timestamp, service and the extra keys', () => {
    const { logger, lines } = collecting({ POWERTOOLS_SERVICE_NAME: 'commerce-api' });
    logger.info('request', { method: 'GET', status: 200 });
    expect(lines).toEqual([
      {
        level: 'INFO',
        message: 'request',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        service: 'commerce-api',
        method: 'GET',
        status: 200,
      },
    ]);
  });

  it("adds the invocation's Lambda context and correlation id, with cold_start true for the first invocation only", () => {
    const { logger, lines } = collecting();
    logger.addContext(context('r-1'));
    logger.setCorrelationId('c-1');
    logger.info('first');
    logger.addContext(context('r-2'));
    logger.setCorrelationId('c-2');
    logger.warn('second');
    expect(lines[0]).toMatchObject({
      cold_start: true,
      function_name: 'commerce-api-dev-get-order',
      function_arn: 'arn:aws:lambda:eu-west-1:123456789012:function:commerce-api-dev-get-order',
      function_memory_size: '512',
      function_request_id: 'r-1',
      correlation_id: 'c-1',
    });
    expect(lines[1]).toMatchObject({
      level: 'WARN',
      cold_start: false,
      function_request_id: 'r-2',
      correlation_id: 'c-2',
    });
  });

  it('does not carry a correlation id into an invocation that has none', () => {
    const { logger, lines } = collecting();
    logger.addContext(context('r-1'));
    logger.setCorrelationId('c-1');
    logger.addContext(context('r-2'));
    logger.info('queue message');
    expect(lines[0]).not.toHaveProperty('correlation_id');
  });

  it('writes an Error as its name, message and stack, given alone or among the keys', () => {
    const { logger, lines } = collecting();
    logger.error('unhandled error', new TypeError('boom'));
    logger.error('storage failed', { error: new Error('outer', { cause: new Error('inner') }) });
    expect(lines[0]!.error).toEqual({
      name: 'TypeError',
      message: 'boom',
      stack: expect.stringContaining('TypeError: boom'),
    });
    expect(lines[1]!.error).toMatchObject({
      name: 'Error',
      message: 'outer',
      cause: { name: 'Error', message: 'inner' },
    });
  });

  it('keeps appended keys on every line until they are removed', () => {
    const { logger, lines } = collecting();
    logger.appendKeys({ batchId: 7, chunk: 2 });
    logger.info('chunk recorded');
    logger.removeKeys(['batchId', 'chunk']);
    logger.info('done');
    expect(lines[0]).toMatchObject({ batchId: 7, chunk: 2 });
    expect(lines[1]).not.toHaveProperty('batchId');
  });

  it('takes the X-Ray trace id from the Lambda environment', () => {
    const saved = process.env._X_AMZN_TRACE_ID;
    process.env._X_AMZN_TRACE_ID =
      'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    try {
      const { logger, lines } = collecting();
      logger.info('traced');
      expect(lines[0]!.xray_trace_id).toBe('1-5759e988-bd862e3fe1be46a994272793');
    } finally {
      if (saved === undefined) delete process.env._X_AMZN_TRACE_ID;
      else process.env._X_AMZN_TRACE_ID = saved;
    }
  });

  it.each([
    [{}, ['INFO', 'WARN', 'ERROR']],
    [{ LOG_LEVEL: 'warn' }, ['WARN', 'ERROR']],
    [{ LOG_LEVEL: 'DEBUG' }, ['DEBUG', 'INFO', 'WARN', 'ERROR']],
    [{ LOG_LEVEL: 'SILENT' }, []],
    // Lambda's advanced logging controls win over the variable the stack sets.
    [{ LOG_LEVEL: 'INFO', AWS_LAMBDA_LOG_LEVEL: 'ERROR' }, ['ERROR']],
    [{ AWS_LAMBDA_LOG_LEVEL: 'TRACE' }, ['DEBUG', 'INFO', 'WARN', 'ERROR']],
    [{ LOG_LEVEL: 'chatty' }, ['INFO', 'WARN', 'ERROR']],
  ])('with %j writes the levels %j', (env, levels) => {
    const { logger, lines } = collecting(env);
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((line) => line.level)).toEqual(levels);
  });

  it('takes a new threshold from setLogLevel', () => {
    const { logger, lines } = collecting({ LOG_LEVEL: 'SILENT' });
    logger.info('hidden');
    logger.setLogLevel('debug');
    logger.debug('shown');
    expect(lines.map((line) => line.message)).toEqual(['shown']);
  });
});
