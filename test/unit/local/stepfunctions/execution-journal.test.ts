import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type ExecutionRecord, openExecutionJournal } from '#local/stepfunctions/execution-journal';

const record = (name: string, status: ExecutionRecord['status'], startDate = 1): ExecutionRecord => ({
  executionArn: `arn:aws:states:us-east-1:000000000000:execution:sm:${name}`,
  stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:sm',
  name,
  input: '{}',
  startDate,
  status,
});

describe('the execution journal', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-journal-'));
  const file = path.join(dir, 'executions.jsonl');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('appends a line a change and reads back the last state of each execution', () => {
    const journal = openExecutionJournal(file);
    journal.write(record('a', 'RUNNING'));
    journal.write(record('b', 'RUNNING'));
    journal.write({ ...record('a', 'SUCCEEDED'), output: '{}' });
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    // A line cut short by a crash is skipped.
    appendFileSync(file, '{"executionArn":"arn:aws:states:us-east-1:0000');
    const reopened = openExecutionJournal(file);
    expect([...reopened.records.values()].map((r) => [r.name, r.status])).toEqual([
      ['a', 'SUCCEEDED'],
      ['b', 'RUNNING'],
    ]);
    // Compacted when opened: one line an execution.
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('starts empty when fresh', () => {
    expect(openExecutionJournal(file, { fresh: true }).records.size).toBe(0);
    expect(openExecutionJournal(file).records.size).toBe(0);
  });

  it('keeps everything in memory without a file', () => {
    const journal = openExecutionJournal();
    journal.write(record('a', 'RUNNING'));
    expect(journal.records.get(record('a', 'RUNNING').executionArn)?.status).toBe('RUNNING');
  });
});
