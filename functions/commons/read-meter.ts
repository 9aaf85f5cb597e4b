/**
 * Counts the items an invocation reads from the table. The HTTP middleware resets it per
 * request and logs it, which is how "page N reads as many items as page 1" is observed.
 * A Lambda environment serves one request at a time, so a module counter is exact there; in
 * the sandbox, where overlapping requests share the process, the logged figure is approximate.
 */
let items = 0;

export const readMeter = {
  add(count: number | undefined): void {
    items += count ?? 0;
  },
  reset(): void {
    items = 0;
  },
  get items(): number {
    return items;
  },
};
