import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { flushMetrics } from '#commons/metrics';

/**
 * A Step Functions task function: one log line with the outcome and duration, the invocation's
 * metrics written once at its end (whatever the outcome), and errors thrown as they are, so
 * their `name` reaches the state machine as the error its `Retry` and `Catch` match (the Lambda
 * `errorType`).
 */
export const workflowTask =
  <I extends { reportId: string }, O>(task: string, run: (input: I) => Promise<O>) =>
  async (input: I, context?: Context): Promise<O> => {
    if (context) logger.addContext(context);
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const output = await run(input);
      logger.info(task, { reportId: input.reportId, outcome: 'ok', durationMs: durationMs(), output });
      return output;
    } catch (error) {
      logger.warn(task, {
        reportId: input.reportId,
        outcome: (error as Error).name,
        durationMs: durationMs(),
      });
      throw error;
    } finally {
      flushMetrics();
    }
  };
