/**
 * A read-write lock for one process: any number of shared holders at once, or one exclusive
 * holder; waiting exclusive holders go first, so a steady stream of shared requests cannot starve
 * a transaction.
 */
export class ReadWriteLock {
  private shared = 0;
  private exclusive = false;
  private readonly waitingExclusive: (() => void)[] = [];
  private readonly waitingShared: (() => void)[] = [];

  async withShared<T>(work: () => Promise<T>): Promise<T> {
    if (this.exclusive || this.waitingExclusive.length > 0) {
      await new Promise<void>((resolve) => this.waitingShared.push(resolve));
    } else {
      this.shared++;
    }
    try {
      return await work();
    } finally {
      this.shared--;
      this.wake();
    }
  }

  async withExclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.exclusive || this.shared > 0) {
      await new Promise<void>((resolve) => this.waitingExclusive.push(resolve));
    } else {
      this.exclusive = true;
    }
    try {
      return await work();
    } finally {
      this.exclusive = false;
      this.wake();
    }
  }

  /** Hands the lock on: to the next exclusive waiter once free, else to every shared waiter. */
  private wake(): void {
    if (this.exclusive || this.shared > 0) return;
    const next = this.waitingExclusive.shift();
    if (next) {
      this.exclusive = true;
      next();
      return;
    }
    const readers = this.waitingShared.splice(0);
    this.shared += readers.length;
    for (const resume of readers) resume();
  }
}
