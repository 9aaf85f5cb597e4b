import { type CheckResult, checkLine } from './check-lines';

/** A check found something wrong: its message is the FAIL line's text, one line for a person. */
export class CheckFailed extends Error {}

/** A check cannot run (something it needs is missing): its message says why. */
export class CheckSkipped extends Error {}

/** A check's answer: what it found, and optionally the name it ends up with (a listing names its country). */
export type Found = string | { readonly detail: string; readonly name: string };

const MAX_DETAIL = 300;

/**
 * One line of what went wrong, never a stack: a check's own message, or an unexpected error's
 * name and message (with its cause's code, e.g. ECONNREFUSED for an API that does not answer).
 */
export function describeError(error: unknown): string {
  if (error instanceof CheckFailed || error instanceof CheckSkipped) return oneLine(error.message);
  if (!(error instanceof Error)) return oneLine(String(error));
  const cause = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
  return oneLine(`${name}${error.message}${cause ? ` (${cause})` : ''}`);
}

const oneLine = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
};

/**
 * Runs the checks one after the other and prints each one's line as it ends. An error of a
 * check, expected or not, is that check's FAIL line; the next checks still run.
 */
export class Checks {
  readonly results: CheckResult[] = [];

  constructor(
    private readonly print: (line: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `check`; true when it passed. */
  async run(name: string, check: () => Promise<Found>): Promise<boolean> {
    const started = this.now();
    try {
      const found = await check();
      const ms = this.now() - started;
      if (typeof found === 'string') this.record({ outcome: 'ok', name, detail: found, ms });
      else this.record({ outcome: 'ok', name: found.name, detail: found.detail, ms });
      return true;
    } catch (error) {
      if (error instanceof CheckSkipped) this.skip(name, error.message);
      else this.record({ outcome: 'FAIL', name, detail: describeError(error), ms: this.now() - started });
      return false;
    }
  }

  /**
   * Runs `check` on what it needs, or, when that is missing, prints the skip line with `reason`
   * (why it is missing). True when it ran and passed.
   */
  async runWith<T>(
    name: string,
    needed: T | undefined,
    reason: string | undefined,
    check: (needed: T) => Promise<Found>,
  ): Promise<boolean> {
    if (needed === undefined) {
      this.skip(name, reason ?? 'what it needs is missing');
      return false;
    }
    return this.run(name, () => check(needed));
  }

  skip(name: string, reason: string): void {
    this.record({ outcome: 'skip', name, detail: oneLine(reason) });
  }

  get failed(): boolean {
    return this.results.some((r) => r.outcome === 'FAIL');
  }

  private record(result: CheckResult): void {
    this.results.push(result);
    this.print(checkLine(result));
  }
}
