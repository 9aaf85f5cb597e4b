import { appendFileSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** One execution of the state machine, as DescribeExecution reports it. */
export interface ExecutionRecord {
  readonly executionArn: string;
  readonly stateMachineArn: string;
  readonly name: string;
  /** The execution's input, as the JSON text StartExecution was given. */
  readonly input: string;
  /** Milliseconds since the epoch. */
  readonly startDate: number;
  readonly status: ExecutionStatus;
  readonly stopDate?: number;
  /** JSON text, once SUCCEEDED. */
  readonly output?: string;
  readonly error?: string;
  readonly cause?: string;
}

/**
 * The executions of a state directory: what DescribeExecution answers, which names are taken,
 * and which executions were still running when the last sandbox stopped. Kept as JSON lines,
 * one line a change (appended: cheap, and a crash loses at most the last line), folded and
 * rewritten when opened. In memory only without a file (unit tests).
 */
export interface ExecutionJournal {
  readonly records: ReadonlyMap<string, ExecutionRecord>;
  write(record: ExecutionRecord): void;
}

/** Finished executions kept when the journal is compacted; running ones are always kept. */
export const KEPT_FINISHED_EXECUTIONS = 10_000;

const parseLines = (text: string): ExecutionRecord[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        const record = JSON.parse(line) as ExecutionRecord;
        return typeof record?.executionArn === 'string' ? [record] : [];
      } catch {
        // A line cut short by a crash.
        return [];
      }
    });

export function openExecutionJournal(file?: string, options: { fresh?: boolean } = {}): ExecutionJournal {
  const records = new Map<string, ExecutionRecord>();
  if (file) {
    if (options.fresh) rmSync(file, { force: true });
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const record of parseLines(text)) records.set(record.executionArn, record);
    const running = [...records.values()].filter((r) => r.status === 'RUNNING');
    const finished = [...records.values()]
      .filter((r) => r.status !== 'RUNNING')
      .sort((a, b) => a.startDate - b.startDate)
      .slice(-KEPT_FINISHED_EXECUTIONS);
    records.clear();
    for (const record of [...finished, ...running]) records.set(record.executionArn, record);
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, [...records.values()].map((r) => `${JSON.stringify(r)}\n`).join(''));
    renameSync(temporary, file);
  }
  return {
    records,
    write(record) {
      records.set(record.executionArn, record);
      if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
    },
  };
}
