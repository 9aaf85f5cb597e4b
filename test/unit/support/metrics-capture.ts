import { metrics } from '#commons/metrics';

/** One EMF document as Powertools serializes it: `_aws` directives, dimensions and values at the top level. */
export type EmfDocument = {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
} & Record<string, unknown>;

/**
 * Spies on the shared Metrics object (the Powertools way to test emission without output; unit
 * tests run with POWERTOOLS_METRICS_DISABLED=true): `counts()` sums what was added, by metric
 * name; `published` holds the EMF document of each flush, as it would have been written.
 * Call in a `describe` body: it installs and removes its spies around each test.
 */
export const captureMetrics = () => {
  const published: EmfDocument[] = [];
  let added: jest.SpyInstance | undefined;
  let publish: jest.SpyInstance | undefined;
  beforeEach(() => {
    // Counters a previous test left unflushed (services called without their handler).
    metrics.clearMetrics();
    published.length = 0;
    added = jest.spyOn(metrics, 'addMetric');
    const original = metrics.publishStoredMetrics.bind(metrics);
    publish = jest.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      published.push(metrics.serializeMetrics() as unknown as EmfDocument);
      return original();
    });
  });
  afterEach(() => {
    added?.mockRestore();
    publish?.mockRestore();
  });
  return {
    published,
    /** The sum of each metric added since the test began. */
    counts: (): Record<string, number> => {
      const sums: Record<string, number> = {};
      for (const [name, , value] of added?.mock.calls ?? []) {
        sums[name as string] = (sums[name as string] ?? 0) + (value as number);
      }
      return sums;
    },
    /** Whether counters wait to be flushed. */
    pending: () => metrics.hasStoredMetrics(),
  };
};
