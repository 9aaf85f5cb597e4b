/** What the search's in-memory modules share (docs/decisions/search-engine.md D68). */

/** The first index of the ascending `items` whose item is not before `value` (`items.length` when none). */
export const lowerBound = <T extends string | number>(items: ArrayLike<T>, value: T): number => {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (items[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * A value made once per object and kept as long as the object is: the arrays a search reuses
 * from one request to the next, sized by the index they serve.
 */
export const keptPer = <K extends object, V>(make: (key: K) => V): ((key: K) => V) => {
  const kept = new WeakMap<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      kept.set(key, value);
    }
    return value;
  };
};

/**
 * A value made the first time it is asked for: what costs at a cold start (a regular expression
 * over large Unicode classes, a third of a millisecond) and a listing never needs.
 */
export const madeOnce = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
