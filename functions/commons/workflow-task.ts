import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { flushMetrics } from './metrics';

/**
 * A Step Functions task function: one log line with the outcome and duration (and the fields
 * `describe` picks from the input, such as the report or publish id), the invocation's metrics
 * written once at its end (whatever the outcome), and errors thrown as they are, so their `name`
 * reaches the state machine as the error its `Retry` and `Catch` match (the Lambda `errorType`).
 */
export const workflowTask =
  <I, O>(task: string, describe: (input: I) => Record<string, unknown>, run: (input: I) => Promise<O>) =>
  async (input: I, context?: Context): Promise<O> => {
    if (context) logger.addContext(context);
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const output = await run(input);
      logger.info(task, { ...describe(input), outcome: 'ok', durationMs: durationMs(), output });
      return output;
    } catch (error) {
      logger.warn(task, { ...describe(input), outcome: (error as Error).name, durationMs: durationMs() });
      throw error;
    } finally {
      flushMetrics();
    }
  };

/** The report workflow's tasks log the report id. */
export const reportIdOf = (input: { reportId: string }) => ({ reportId: input.reportId });
