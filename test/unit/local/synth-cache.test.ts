/**
 * What a start makes of the code is kept for the next (docs/decisions/sandbox-and-tools.md D99):
 * the synthesized constructs under a hash of their sources, and the state machine definitions
 * already validated. A definition the library refuses is refused every time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { reportWorkflowConstruct } from '#local/reports/sandbox-reports';
import { openExecutionJournal } from '#local/stepfunctions/execution-journal';
import { createExecutions } from '#local/stepfunctions/executions';
import { sandboxStateMachine } from '#local/stepfunctions/synthesize-state-machine';
import { validatedBefore } from '#local/stepfunctions/validated-definitions';
import { cachedSynthesis } from '#local/synth-cache';

let cacheDir: string;
const previous = process.env.SANDBOX_CACHE_DIR;
beforeEach(() => {
  cacheDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-synth-cache-'));
  process.env.SANDBOX_CACHE_DIR = cacheDir;
});
afterEach(() => {
  if (previous === undefined) delete process.env.SANDBOX_CACHE_DIR;
  else process.env.SANDBOX_CACHE_DIR = previous;
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('the synthesis cache', () => {
  it('synthesizes once for these sources and reads the answer back after', async () => {
    let runs = 0;
    const synthesize = async () => {
      runs++;
      return { table: 'commerce-api-sandbox', keys: ['pk', 'sk'] };
    };
    const first = await cachedSynthesis('test-table', synthesize);
    const second = await cachedSynthesis('test-table', synthesize);
    expect(second).toEqual(first);
    expect(runs).toBe(1);
    // Another name is another synthesis.
    await cachedSynthesis('test-rule', synthesize);
    expect(runs).toBe(2);
  });

  it('gives back a state machine as synthesized, its tasks by state name', async () => {
    const synthesized = await sandboxStateMachine(reportWorkflowConstruct);
    const read = await sandboxStateMachine(reportWorkflowConstruct);
    expect(read).not.toBe(synthesized);
    expect(read.tasks).toBeInstanceOf(Map);
    expect([...read.tasks.entries()]).toEqual([...synthesized.tasks.entries()]);
    expect(read.definition).toEqual(synthesized.definition);
  });
});

describe('the validated definitions', () => {
  const executionsOf = (definition: unknown) =>
    sandboxStateMachine(reportWorkflowConstruct).then((machine) =>
      createExecutions({
        machine: { ...machine, definition: definition as typeof machine.definition },
        journal: openExecutionJournal(path.join(cacheDir, 'executions.jsonl'), { fresh: true }),
        loadHandler: async () => async () => null,
        log: () => {},
        logError: () => {},
      }),
    );

  it('validate a definition once, and refuse one the library refuses every time', async () => {
    const { definition } = await sandboxStateMachine(reportWorkflowConstruct);
    expect(validatedBefore(definition)).toBe(false);
    await (await executionsOf(definition)).close(0);
    expect(validatedBefore(definition)).toBe(true);
    const broken = { ...definition, StartAt: 'No such state' };
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(executionsOf(broken)).rejects.toThrow();
      expect(validatedBefore(broken)).toBe(false);
    }
  });
});
