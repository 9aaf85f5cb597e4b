import { listingBlockSize } from '#functions/catalogue/domain/listing-blocks';

describe('listing summaries (still written by a layout-3 publish)', () => {
  it('makes blocks of at least 16 products, and at most about 1,000 blocks', () => {
    expect(listingBlockSize(0)).toBe(16);
    expect(listingBlockSize(200)).toBe(16);
    expect(listingBlockSize(100_000)).toBe(100);
    expect(Math.ceil(1_000_000 / listingBlockSize(1_000_000))).toBeLessThanOrEqual(1_000);
  });
});
