import { describeError } from './checks';

interface Removal {
  /** What is removed, for the cleanup line ("batch 17"). */
  readonly what: string;
  readonly remove: () => Promise<void>;
}

export interface CleanupOutcome {
  readonly removed: readonly string[];
  readonly failed: readonly { readonly what: string; readonly error: string }[];
}

/**
 * What a run made, and how to remove each thing (docs/decisions/stages-and-deploys.md D74). A check adds a removal as
 * soon as the thing exists (before anything else can fail), so whatever happens after, the
 * run's end removes it; removals run newest first, each even when another failed.
 */
export class Cleanup {
  private readonly removals: Removal[] = [];

  add(what: string, remove: () => Promise<void>): void {
    this.removals.push({ what, remove });
  }

  /** Drops a removal that is no longer needed (the check removed the thing itself). */
  done(what: string): void {
    const index = this.removals.findIndex((removal) => removal.what === what);
    if (index >= 0) this.removals.splice(index, 1);
  }

  async run(): Promise<CleanupOutcome> {
    const removed: string[] = [];
    const failed: { what: string; error: string }[] = [];
    for (const { what, remove } of this.removals.splice(0).reverse()) {
      try {
        await remove();
        removed.push(what);
      } catch (error) {
        failed.push({ what, error: describeError(error) });
      }
    }
    return { removed, failed };
  }
}
