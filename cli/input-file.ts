import { readFile } from 'node:fs/promises';
import { InputError } from './command-errors';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The encoding a file's first bytes show it is in, when it is one of the UTF-16 or UTF-32 forms. */
function wideEncoding(bytes: Buffer): string | undefined {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xfe) return c === 0 && d === 0 ? 'UTF-32' : 'UTF-16';
  if (a === 0xfe && b === 0xff) return 'UTF-16';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'UTF-32';
  // Without a byte order mark: text such as `{"` has a zero byte beside each character.
  if (
    bytes.length >= 4 &&
    ((a !== 0 && b === 0 && c !== 0 && d === 0) || (a === 0 && b !== 0 && c === 0 && d !== 0))
  ) {
    return 'UTF-16';
  }
  return undefined;
}

/** The number of the first line that is not valid UTF-8. */
function firstInvalidLine(bytes: Buffer): number | undefined {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    try {
      decoder.decode(bytes.subarray(start, stop));
    } catch {
      return line;
    }
    start = stop + 1;
  }
  return undefined;
}

/**
 * The text of a UTF-8 file a command was given (a leading byte order mark dropped), or an
 * InputError naming the file and what is wrong with it: missing, a directory, unreadable, in
 * UTF-16 or another encoding (docs/decisions/sandbox-and-tools.md D80).
 */
export async function readInputFile(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') throw new InputError(`${file} does not exist: check the path.`);
    if (code === 'EISDIR') throw new InputError(`${file} is a directory: give the path of a file.`);
    if (code === 'EACCES' || code === 'EPERM') {
      throw new InputError(`${file} cannot be read (permission denied): check its permissions.`);
    }
    throw new InputError(`${file} cannot be read: ${message}`);
  }
  const wide = wideEncoding(bytes);
  if (wide) throw new InputError(`${file} is ${wide}, not UTF-8: save it as UTF-8.`);
  const text = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    throw new InputError(
      `${file} is not UTF-8 (line ${firstInvalidLine(text)} has bytes of another encoding, e.g. Latin-1): save it as UTF-8.`,
    );
  }
}
