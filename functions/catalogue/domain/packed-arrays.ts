/**
 * Typed arrays and a small JSON head in one byte buffer, read back as views on that buffer
 * without copying or parsing them (docs/decisions/search-engine.md D68: the search snapshot's files). Layout:
 * `u32 head length`, the head (UTF-8 JSON: the caller's `meta` and where each array lies), then
 * each array at an offset aligned to 8 bytes. Little-endian, as the machines that write and read
 * it are (x86-64 and arm64); a big-endian reader is refused rather than misread.
 */

const KINDS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const;
type Kind = keyof typeof KINDS;
export type PackedArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;

interface Section {
  readonly name: string;
  readonly kind: Kind;
  readonly offset: number;
  readonly length: number;
}

const kindOf = (array: PackedArray): Kind =>
  array instanceof Float64Array
    ? 'f64'
    : array instanceof Uint32Array
      ? 'u32'
      : array instanceof Uint16Array
        ? 'u16'
        : 'u8';

const align = (n: number) => Math.ceil(n / 8) * 8;

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export const pack = (meta: unknown, arrays: Readonly<Record<string, PackedArray>>): Uint8Array => {
  const sections: Section[] = [];
  let end = 0;
  for (const [name, array] of Object.entries(arrays)) {
    sections.push({ name, kind: kindOf(array), offset: end, length: array.length });
    end = align(end + array.byteLength);
  }
  const head = new TextEncoder().encode(JSON.stringify({ meta, sections }));
  const start = align(4 + head.length);
  const bytes = new Uint8Array(start + end);
  new DataView(bytes.buffer).setUint32(0, head.length, true);
  bytes.set(head, 4);
  for (const section of sections) {
    const array = arrays[section.name]!;
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), start + section.offset);
  }
  return bytes;
};

export interface Unpacked<M> {
  readonly meta: M;
  readonly arrays: Readonly<Record<string, PackedArray>>;
}

export const unpack = <M>(input: Uint8Array): Unpacked<M> => {
  if (!littleEndian) throw new Error('The search snapshot is little-endian; this machine is not');
  // Views need their element size's alignment: copy a buffer that does not start on 8 bytes.
  const bytes = input.byteOffset % 8 === 0 ? input : new Uint8Array(input);
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const { meta, sections } = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headLength))) as {
    meta: M;
    sections: Section[];
  };
  const start = bytes.byteOffset + align(4 + headLength);
  const arrays: Record<string, PackedArray> = {};
  for (const { name, kind, offset, length } of sections) {
    arrays[name] = new KINDS[kind](bytes.buffer as ArrayBuffer, start + offset, length);
  }
  return { meta, arrays };
};

/** The named array of an unpacked buffer, of the kind expected. */
export const arrayOf = <A extends PackedArray>(
  unpacked: Unpacked<unknown>,
  name: string,
  kind: new (length: number) => A,
): A => {
  const array = unpacked.arrays[name];
  if (!(array instanceof kind)) throw new Error(`The search snapshot has no ${kind.name} ${name}`);
  return array;
};
