/**
 * readInputFile (docs/decisions/sandbox-and-tools.md D80): the text of a UTF-8 file, or one line naming the file and
 * what is wrong with it, for each kind of file a person gives by mistake.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { InputError } from '#cli/command-errors';
import { readInputFile } from '#cli/input-file';

let dir: string;
const file = (name: string, bytes: Buffer | string) => {
  const at = path.join(dir, name);
  writeFileSync(at, bytes);
  return at;
};
const LINES = '{"id":1,"label":"Café"}\n{"id":2}\n';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'input-file-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refusal = async (at: string) => {
  const error = await readInputFile(at).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  return (error as Error).message;
};

describe('readInputFile', () => {
  it('reads a UTF-8 file, without a leading byte order mark', async () => {
    expect(await readInputFile(file('plain.jsonl', LINES))).toBe(LINES);
    expect(await readInputFile(file('bom.jsonl', Buffer.from(`\uFEFF${LINES}`, 'utf8')))).toBe(LINES);
  });

  it('says a missing file does not exist, and a directory is one', async () => {
    expect(await refusal(path.join(dir, 'nope.jsonl'))).toBe(
      `${path.join(dir, 'nope.jsonl')} does not exist: check the path.`,
    );
    expect(await refusal(dir)).toBe(`${dir} is a directory: give the path of a file.`);
  });

  it('names UTF-16, with or without a byte order mark, and says to save the file as UTF-8', async () => {
    const le = file('le.jsonl', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LINES, 'utf16le')]));
    const be = file(
      'be.jsonl',
      Buffer.from(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LINES, 'utf16le')])).swap16(),
    );
    const bare = file('bare.jsonl', Buffer.from(LINES, 'utf16le'));
    for (const at of [le, be, bare])
      expect(await refusal(at)).toBe(`${at} is UTF-16, not UTF-8: save it as UTF-8.`);
  });

  it('names the first line with bytes that are not UTF-8', async () => {
    const latin1 = file('latin1.jsonl', Buffer.from('{"id":1}\n{"id":2,"label":"Café"}\n', 'latin1'));
    expect(await refusal(latin1)).toBe(
      `${latin1} is not UTF-8 (line 2 has bytes of another encoding, e.g. Latin-1): save it as UTF-8.`,
    );
  });
});
