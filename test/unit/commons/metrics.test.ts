import { recordRequest } from '#commons/metrics';
import { STAGE_ENV } from '#functions/contracts/environment';
import { METRIC_NAMES, METRICS_NAMESPACE, METRICS_SERVICE } from '#functions/contracts/metric-names';

type MetricsModule = typeof import('#commons/metrics');

/**
 * Runs `use` on a fresh copy of the metrics module with the metrics on, in Powertools' test mode
 * (POWERTOOLS_DEV: the EMF lines go through the global console), and returns the lines written.
 */
const emfLines = async (
  use: (module: MetricsModule) => void,
  env: Record<string, string | undefined> = { [STAGE_ENV]: 'dev' },
) => {
  const saved = { ...process.env };
  Object.assign(process.env, { POWERTOOLS_DEV: 'true', POWERTOOLS_METRICS_DISABLED: 'false' });
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const lines: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: string) => {
    lines.push(line);
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    await jest.isolateModulesAsync(async () => {
      use(await import('#commons/metrics'));
    });
    return { documents: lines.map((line) => JSON.parse(line)), warnings: warn.mock.calls };
  } finally {
    log.mockRestore();
    warn.mockRestore();
    process.env = saved;
  }
};

describe('recordRequest', () => {
  it('writes one EMF line a request: Requests = 1 under its route and status, in CommerceApi, with service and stage', async () => {
    const { documents } = await emfLines(({ recordRequest }) => {
      recordRequest('GET /v1/orders/{order_id}', 404);
    });
    expect(documents).toEqual([
      {
        _aws: {
          Timestamp: expect.any(Number),
          CloudWatchMetrics: [
            {
              Namespace: METRICS_NAMESPACE,
              Dimensions: [['service', 'stage', 'route', 'status']],
              Metrics: [{ Name: METRIC_NAMES.requests, Unit: 'Count' }],
            },
          ],
        },
        service: METRICS_SERVICE,
        stage: 'dev',
        route: 'GET /v1/orders/{order_id}',
        status: '404',
        Requests: 1,
      },
    ]);
  });

  it('keeps each request under its own dimensions, and apart from the invocation counters', async () => {
    const { documents } = await emfLines(({ recordRequest, countMetric, flushMetrics }) => {
      countMetric(METRIC_NAMES.reportsGenerated);
      recordRequest('GET /v1/products', 200);
      recordRequest('POST /v1/orders/reports', 429);
      flushMetrics();
    });
    expect(documents.map((d) => [d.route, d.status, d.Requests, d.ReportsGenerated])).toEqual([
      ['GET /v1/products', '200', 1, undefined],
      ['POST /v1/orders/reports', '429', 1, undefined],
      [undefined, undefined, undefined, 1],
    ]);
  });

  it('names the stage "local" where no stage is set', async () => {
    const { documents } = await emfLines(({ recordRequest }) => recordRequest('GET /v1/products', 200), {
      [STAGE_ENV]: undefined,
    });
    expect(documents[0].stage).toBe('local');
  });

  it('prints nothing with the metrics off, as in every other unit test', () => {
    const write = jest.spyOn(process.stdout, 'write');
    try {
      recordRequest('GET /v1/products', 200);
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });
});

describe('countMetric and flushMetrics', () => {
  it('write the counters of an invocation as one EMF line, with the service and stage dimensions only', async () => {
    const { documents } = await emfLines(({ countMetric, flushMetrics }) => {
      countMetric(METRIC_NAMES.batchItemsProcessed, 25);
      countMetric(METRIC_NAMES.batchItemsFailed, 2);
      countMetric(METRIC_NAMES.batchesCompleted);
      flushMetrics();
    });
    expect(documents).toHaveLength(1);
    expect(documents[0]._aws.CloudWatchMetrics[0]).toEqual({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [['service', 'stage']],
      Metrics: [
        { Name: METRIC_NAMES.batchItemsProcessed, Unit: 'Count' },
        { Name: METRIC_NAMES.batchItemsFailed, Unit: 'Count' },
        { Name: METRIC_NAMES.batchesCompleted, Unit: 'Count' },
      ],
    });
    expect(documents[0]).toMatchObject({
      service: METRICS_SERVICE,
      stage: 'dev',
      BatchItemsProcessed: 25,
      BatchItemsFailed: 2,
      BatchesCompleted: 1,
    });
  });

  it('write nothing, and warn about nothing, when the invocation counted nothing', async () => {
    const { documents, warnings } = await emfLines(({ flushMetrics }) => flushMetrics());
    expect(documents).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('start again empty after a flush', async () => {
    const { documents } = await emfLines(({ countMetric, flushMetrics }) => {
      countMetric(METRIC_NAMES.callbacksDelivered);
      flushMetrics();
      flushMetrics();
      countMetric(METRIC_NAMES.callbacksGivenUp);
      flushMetrics();
    });
    expect(documents.map((d) => [d.CallbacksDelivered, d.CallbacksGivenUp])).toEqual([
      [1, undefined],
      [undefined, 1],
    ]);
  });
});
