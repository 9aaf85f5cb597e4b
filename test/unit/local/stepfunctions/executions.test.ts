import { REPORT_ERRORS, REPORT_STATES } from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { parseSandboxFaults } from '#local/faults';
import { lambdaArn } from '#local/sandbox-identity';
import { asTaskFailure } from '#local/stepfunctions/task-invocation';
import { happy, named, useReportExecutions } from './support/report-executions';

describe('the sandbox Step Functions executions of the report workflow', () => {
  const fixture = useReportExecutions();
  const { start, run, lines } = fixture;

  it('runs Generate report then Mark report completed, with the inputs the definition builds', async () => {
    const { calls } = await start(happy);
    const record = await run();
    expect(record).toMatchObject({ status: 'SUCCEEDED', name: 'r-1' });
    expect(JSON.parse(record.output!)).toEqual({
      reportId: 'r-1',
      report: { bytes: 1234, orders: 7 },
      recorded: { callback: false },
    });
    expect(calls.map((c) => [c.fn, c.input])).toEqual([
      [reportFunctions.generate.name, { reportId: 'r-1' }],
      [reportFunctions.recordState.name, { reportId: 'r-1', outcome: 'COMPLETED', bytes: 1234 }],
    ]);
    // A Lambda context: the function's name, ARN, memory and timeout (300 s for the generator).
    const context = calls[0]!.context;
    expect(context.invokedFunctionArn).toBe(lambdaArn('commerce-api-sandbox-generate-report'));
    expect(context.memoryLimitInMB).toBe('1769');
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(299_000);
    expect(fixture.executions.stats()).toMatchObject({
      started: 1,
      succeeded: 1,
      failed: 0,
      taskInvocations: 2,
    });
    expect(lines).toEqual([expect.stringMatching(/^SFN commerce-api-sandbox-reports r-1 SUCCEEDED \d+ ms$/)]);
  });

  it('retries Generate report on ReportStorageFailed, by the error name the function threw', async () => {
    const { calls } = await start({
      ...happy,
      [reportFunctions.generate.name]: (_: never, call: number) => {
        if (call < 3) throw named(REPORT_ERRORS.storageFailed, 'The PDF could not be stored');
        return { bytes: 10, orders: 1 };
      },
    });
    const record = await run();
    expect(record.status).toBe('SUCCEEDED');
    expect(calls.filter((c) => c.fn === reportFunctions.generate.name)).toHaveLength(3);
  });

  it('catches an error it does not retry into Mark report failed, and the execution fails', async () => {
    const { calls } = await start({
      ...happy,
      [reportFunctions.generate.name]: () => {
        throw named(REPORT_ERRORS.tooLarge, 'Too many orders for one report');
      },
    });
    const record = await run();
    expect(calls.map((c) => [c.fn, c.input])).toEqual([
      [reportFunctions.generate.name, { reportId: 'r-1' }],
      [
        reportFunctions.recordState.name,
        { reportId: 'r-1', outcome: 'FAILED', error: REPORT_ERRORS.tooLarge },
      ],
    ]);
    expect(record).toMatchObject({ status: 'FAILED', error: 'ReportFailed' });
    expect(lines.at(-1)).toMatch(/r-1 FAILED \(ReportFailed\)/);
  });

  it('sends the callback, retries it, then records it not delivered', async () => {
    const { calls } = await start({
      ...happy,
      [reportFunctions.recordState.name]: (input: { outcome: string }) => ({
        callback: input.outcome === 'COMPLETED',
      }),
      [reportFunctions.sendCallback.name]: () => {
        throw named(REPORT_ERRORS.callbackNotDelivered);
      },
    });
    const record = await run();
    expect(record.status).toBe('SUCCEEDED');
    // One attempt and the definition's 8 retries, then the catch.
    expect(calls.filter((c) => c.fn === reportFunctions.sendCallback.name)).toHaveLength(9);
    expect(calls.at(-1)!.input).toEqual({
      reportId: 'r-1',
      outcome: 'NOTIFICATION_FAILED',
      error: REPORT_ERRORS.callbackNotDelivered,
    });
  });

  it('pauses the Send callback retries longer than the others', async () => {
    const times: number[] = [];
    await start(
      {
        ...happy,
        [reportFunctions.recordState.name]: () => ({ callback: true }),
        [reportFunctions.sendCallback.name]: (_: never, call: number) => {
          times.push(Date.now());
          if (call < 3) throw named(REPORT_ERRORS.callbackNotDelivered);
          return { delivered: true };
        },
      },
      { callbackRetryMs: 150, retryPauseMs: 1 },
    );
    expect((await run()).status).toBe('SUCCEEDED');
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(140);
  });

  describe('with SANDBOX_FAULTS', () => {
    it('"store": 1 fails the first attempt as a storage failure, which the retry completes', async () => {
      const { calls } = await start(happy, { faults: parseSandboxFaults('{"reports": {"store": 1}}')! });
      expect((await run()).status).toBe('SUCCEEDED');
      expect(calls.filter((c) => c.fn === reportFunctions.generate.name)).toHaveLength(1);
      expect(fixture.executions.stats()).toMatchObject({ injected: 1, taskInvocations: 2 });
      expect(lines[0]).toBe(
        `SFN r-1 ${REPORT_STATES.generate}: attempt 1 failed by SANDBOX_FAULTS (${REPORT_ERRORS.storageFailed})`,
      );
    });

    it('"generate": "always" fails generation for good (no retry), the job is marked failed', async () => {
      const { calls } = await start(happy, {
        faults: parseSandboxFaults('{"reports": {"generate": "always"}}')!,
      });
      const record = await run();
      expect(record.status).toBe('FAILED');
      expect(calls.map((c) => c.input)).toEqual([
        { reportId: 'r-1', outcome: 'FAILED', error: 'ReportGenerationFailed' },
      ]);
    });

    it('each execution counts its own attempts', async () => {
      const { calls } = await start(happy, { faults: parseSandboxFaults('{"reports": {"store": 1}}')! });
      await Promise.all([run('a'), run('b')]);
      expect(fixture.executions.stats()).toMatchObject({ injected: 2, succeeded: 2 });
      expect(calls.filter((c) => c.fn === reportFunctions.generate.name)).toHaveLength(2);
    });
  });

  it('answers Lambda errors as Step Functions sees them: the name, and a JSON cause', () => {
    const failure = asTaskFailure(named('ReportStorageFailed', 'The PDF could not be stored'));
    expect(failure.name).toBe('ReportStorageFailed');
    expect(JSON.parse(failure.message)).toMatchObject({
      errorType: 'ReportStorageFailed',
      errorMessage: 'The PDF could not be stored',
      trace: expect.any(Array),
    });
    expect(asTaskFailure('a string').name).toBe('Error');
  });
});
