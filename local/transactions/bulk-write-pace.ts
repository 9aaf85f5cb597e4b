/**
 * At most `limit()` tasks at once, the others waiting their turn in arrival order; the limit is
 * asked again whenever one ends, so a higher limit lets the waiting ones go. The sandbox's
 * DynamoDB front passes bulk writes (BatchWriteItem) through one of these (docs/decisions/sandbox-and-tools.md D81).
 */
export class Pace {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: () => number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      while (this.waiting.length > 0 && this.running < this.limit()) {
        this.running++;
        this.waiting.shift()!();
      }
    }
  }
}
