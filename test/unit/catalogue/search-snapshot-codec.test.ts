/**
 * How the search snapshot's files travel (docs/decisions/search-engine.md D68): what the publish
 * compresses, a search function reads back byte for byte, small files unzipped on the spot and
 * large ones on libuv's threads; a damaged file is an error, never other bytes.
 */
import { randomBytes } from 'node:crypto';
import { compressSnapshot, decompressSnapshot } from '#functions/catalogue/adapters/search-snapshot-codec';

describe('the search snapshot codec', () => {
  it('reads back what it wrote, for a small file and for one large enough to unzip on the threads', async () => {
    const small = new TextEncoder().encode('{"count":2}'.repeat(100));
    // Random bytes do not compress: over 256 KB once gzipped, so the threads unzip them.
    const large = new Uint8Array(randomBytes(300 * 1024));
    for (const bytes of [small, large]) {
      const packed = await compressSnapshot(bytes);
      expect(Buffer.from(await decompressSnapshot(packed)).equals(Buffer.from(bytes))).toBe(true);
    }
    expect((await compressSnapshot(large)).length).toBeGreaterThan(256 * 1024);
  });

  it('refuses a damaged file, small or large', async () => {
    const packed = await compressSnapshot(new Uint8Array(randomBytes(300 * 1024)));
    const cut = packed.subarray(0, packed.length - 100);
    await expect(decompressSnapshot(cut)).rejects.toThrow(/unexpected end/i);
    const garbage = new TextEncoder().encode('not gzip at all');
    await expect(decompressSnapshot(garbage)).rejects.toThrow(/incorrect header/i);
  });
});
