import type { SQSRecord } from 'aws-lambda';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import { type FunctionSpec, reportFunctions } from '#functions/function-registry';
import { parseSandboxFaults } from '#local/faults';

const chunk = (ids: number[], receiveCount: number) =>
  ({
    messageId: `m-${ids.join('-')}`,
    body: JSON.stringify({ batchId: 1, chunk: 0, items: ids.map((id) => ({ id, sentOn: '2026-01-01' })) }),
    attributes: { ApproximateReceiveCount: String(receiveCount) },
  }) as unknown as SQSRecord;

describe('SANDBOX_FAULTS', () => {
  it('is off when unset or blank', () => {
    expect(parseSandboxFaults(undefined)).toBeUndefined();
    expect(parseSandboxFaults('  ')).toBeUndefined();
  });

  it('fails the message carrying an order on its first N deliveries, or always', () => {
    const faults = parseSandboxFaults('{"fail": {"7": 2, "9": "always"}}')!;
    expect([1, 2, 3].map((n) => faults.fails(chunk([1, 7, 3], n)))).toEqual([true, true, false]);
    expect([1, 2, 3, 4].map((n) => faults.fails(chunk([9], n)))).toEqual([true, true, true, true]);
    expect(faults.fails(chunk([1, 2, 3], 1))).toBe(false);
    expect(faults.crashes([chunk([7], 1)])).toBe(false);
    expect(faults.summary).toBe('fail order 7 ×2, order 9 always');
  });

  it('crashes an invocation that carries a crash order, on its first N deliveries', () => {
    const faults = parseSandboxFaults('{"crash": {"5": 1}}')!;
    expect(faults.crashes([chunk([1], 1), chunk([5], 1)])).toBe(true);
    expect(faults.crashes([chunk([1], 1), chunk([5], 2)])).toBe(false);
    expect(faults.fails(chunk([5], 1))).toBe(false);
  });

  it('ignores bodies that are not chunks', () => {
    const faults = parseSandboxFaults('{"fail": {"1": "always"}}')!;
    expect(
      faults.fails({ body: 'not json', attributes: { ApproximateReceiveCount: '1' } } as SQSRecord),
    ).toBe(false);
    expect(
      faults.fails({ body: '{"id":1}', attributes: { ApproximateReceiveCount: '1' } } as SQSRecord),
    ).toBe(false);
  });

  describe('for the report tasks ("reports")', () => {
    const { generate, recordState, sendCallback } = reportFunctions;
    const failures = (text: string, fn: FunctionSpec = generate) => {
      const faults = parseSandboxFaults(text)!;
      return [1, 2, 3, 4].map((attempt) => faults.taskFailure(fn, attempt)?.name ?? null);
    };

    it('"generate" fails the Generate report task with an error its Retry does not match', () => {
      expect(failures('{"reports": {"generate": "always"}}')).toEqual(
        Array(4).fill('ReportGenerationFailed'),
      );
      expect(failures('{"reports": {"generate": 1}}')).toEqual(['ReportGenerationFailed', null, null, null]);
    });

    it('"store" fails its first N attempts as a storage failure, which the definition retries', () => {
      expect(failures('{"reports": {"store": 2}}')).toEqual([
        REPORT_ERRORS.storageFailed,
        REPORT_ERRORS.storageFailed,
        null,
        null,
      ]);
    });

    it('"callback" fails the Send callback task as not delivered; generate is checked before store', () => {
      expect(failures('{"reports": {"callback": "always"}}', sendCallback)).toEqual(
        Array(4).fill(REPORT_ERRORS.callbackNotDelivered),
      );
      expect(failures('{"reports": {"callback": "always"}}', generate)).toEqual(Array(4).fill(null));
      expect(failures('{"reports": {"store": 3, "generate": 1}}')[0]).toBe('ReportGenerationFailed');
      expect(failures('{"reports": {"store": 3, "generate": 1}}', recordState)).toEqual(Array(4).fill(null));
    });

    it('sits beside the batch rules, and says so in the banner', () => {
      const faults = parseSandboxFaults('{"fail": {"7": 1}, "reports": {"store": 1, "callback": "always"}}')!;
      expect(faults.summary).toBe('fail order 7 ×1; reports store ×1, callback always');
      expect(parseSandboxFaults('{"fail": {"7": 1}}')!.taskFailure(generate, 1)).toBeUndefined();
    });
  });

  it.each([
    ['unknown report tasks', '{"reports": {"render": 1}}'],
    ['report rules that are not an object', '{"reports": ["store"]}'],
    ['a report count that is not one', '{"reports": {"store": 0}}'],
    ['not JSON', '{fail'],
    ['a list', '[]'],
    ['an unknown key', '{"fial": {}}'],
    ['a non-integer order id', '{"fail": {"x": 1}}'],
    ['a zero count', '{"fail": {"1": 0}}'],
    ['a count that is not one', '{"crash": {"1": "twice"}}'],
  ])('refuses %s, naming the variable', (_, text) => {
    expect(() => parseSandboxFaults(text)).toThrow(/SANDBOX_FAULTS/);
  });
});
