/**
 * The progress lines of the seed cache's build (local/seed/build-pristine.ts), the only slow part
 * of a first start: which step of how many, how far within it, and the time since the build
 * began (docs/decisions/sandbox-and-tools.md D80). The build prints them; the sandbox that waits for it shows them.
 */

/** Every progress line starts so: the sandbox shows these lines of the build's output, not the others. */
export const PROGRESS_PREFIX = '  seed cache ';

/** How often a step that counts says how far it is. */
export const COUNT_EVERY_MS = 5_000;

export interface SeedProgress {
  /** A step begins. */
  step(what: string): void;
  /** How far the current step is; shown at most every COUNT_EVERY_MS, and always when done. */
  count(done: number, total: number, unit: string): void;
}

export function seedProgress(
  steps: number,
  write: (line: string) => void,
  now: () => number = () => performance.now(),
): SeedProgress {
  const started = now();
  let step = 0;
  let current = '';
  let lastCount = Number.NEGATIVE_INFINITY;
  const elapsed = () => `${((now() - started) / 1000).toFixed(1)} s`;
  return {
    step(what) {
      step += 1;
      current = what;
      lastCount = now();
      write(`${PROGRESS_PREFIX}${step}/${steps}: ${what} (${elapsed()})`);
    },
    count(done, total, unit) {
      if (done < total && now() - lastCount < COUNT_EVERY_MS) return;
      lastCount = now();
      write(
        `${PROGRESS_PREFIX}${step}/${steps}: ${current}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} ${unit} (${elapsed()})`,
      );
    },
  };
}
