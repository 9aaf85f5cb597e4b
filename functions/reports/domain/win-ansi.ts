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

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const byteOf = (code: number): number | undefined =>
  (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) ? code : HIGH_CONTROLS[code];

/**
 * `text` as WinAnsi bytes when every character is one of the encoding's, as it is (no
 * normalisation: what is drawn must extract as the text given); undefined otherwise, for the
 * report's embedded fonts to print (docs/decisions/report-export.md D101).
 */
export const exactWinAnsi = (text: string): string | undefined => {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const byte = byteOf(text.charCodeAt(i));
    if (byte === undefined) return undefined;
    out += String.fromCharCode(byte);
  }
  return out;
};
