/**
 * Text for the PDF's standard fonts, which use WinAnsiEncoding (Windows-1252): one byte per
 * character. A string here is "binary": each char code is the byte (0..255), so
 * `Buffer.from(s, 'latin1')` gives the bytes a content stream needs.
 */

/** The bytes 0x80..0x9F of Windows-1252 (the rest of 0xA0..0xFF is Latin-1, as in Unicode). */
const HIGH_CONTROLS: Readonly<Record<number, number>> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** The Unicode character each WinAnsi byte shows (undefined for the five unassigned bytes). */
export const winAnsiChar = (byte: number): string | undefined => {
  if ((byte >= 0x20 && byte < 0x7f) || byte >= 0xa0) return String.fromCharCode(byte);
  for (const [code, b] of Object.entries(HIGH_CONTROLS))
    if (b === byte) return String.fromCharCode(Number(code));
  return undefined;
};

const byteOf = (code: number): number | undefined => {
  if (code < 0x20) return 0x20; // tabs, line breaks: a space
  if (code < 0x7f || (code >= 0xa0 && code <= 0xff)) return code;
  return HIGH_CONTROLS[code];
};

/** Letters with a stroke, which Unicode does not decompose into a base letter and a mark. */
const STROKED: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
};

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * `text` as WinAnsi bytes. Characters outside the encoding lose their accents or strokes when
 * they have any (ő → o, ł → l) and become `?` otherwise, so a name never makes the report fail.
 */
export const toWinAnsi = (text: string): string => {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    let byte = byteOf(code);
    if (byte === undefined) {
      const base = STROKED[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      byte = base.length === 1 ? byteOf(base.charCodeAt(0)) : undefined;
    }
    out += String.fromCharCode(byte ?? 0x3f);
  }
  return out;
};
