/**
 * The blocks that cut a catalogue version, in product id order, into runs of the same number of
 * products (docs/decisions/catalogue-versions.md D67): the publisher tags each listing entry with its block, and the
 * partitions' summaries (listing-summary.ts) count their members by block.
 */

/** A block is never smaller than this many products (it bounds what a page reads past its own entries). */
export const MIN_BLOCK_PRODUCTS = 16;
/** ... and there are never more than about this many blocks, so a summary stays a few KB. */
export const MAX_BLOCKS = 1_000;

/** Products per block for a catalogue of `products` products. */
export const listingBlockSize = (products: number): number =>
  Math.max(MIN_BLOCK_PRODUCTS, Math.ceil(products / MAX_BLOCKS));
