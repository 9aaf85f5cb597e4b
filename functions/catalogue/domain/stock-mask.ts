import { lowerBound } from './search-helpers';

/**
 * The positions (in `ids`, ascending) of the products in stock at one location: 1 at each. The
 * snapshot lists them in id order, so one walk along both finds them; an id out of order is
 * looked up by binary search.
 */
export const stockMask = (ids: Uint32Array, inStock: readonly number[]): Uint8Array => {
  const mask = new Uint8Array(ids.length);
  let at = 0;
  let previous = -1;
  for (const id of inStock) {
    if (id < previous) at = lowerBound(ids, id);
    while (at < ids.length && ids[at]! < id) at++;
    if (ids[at] === id) mask[at] = 1;
    previous = id;
  }
  return mask;
};
