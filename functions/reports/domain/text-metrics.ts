import type { PDFFont } from 'pdf-lib';
import { winAnsiChar } from './win-ansi';

/** Text widths of the standard fonts in WinAnsi bytes, for right-aligning and truncating cells. */
/** Width of WinAnsi text in 1/1000 of the font size, from the font's metrics (no kerning: `Tj` does none). */
export const widthTable = (font: PDFFont): Float64Array => {
  const widths = new Float64Array(256);
  const fallback = font.widthOfTextAtSize('?', 1000);
  for (let byte = 0; byte < 256; byte++) {
    const char = winAnsiChar(byte);
    widths[byte] = char === undefined ? fallback : font.widthOfTextAtSize(char, 1000);
  }
  return widths;
};

export const textWidth = (bytes: string, widths: Float64Array, size: number) => {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) units += widths[bytes.charCodeAt(i)]!;
  return (units * size) / 1000;
};

export const ELLIPSIS = '\x85';

/** `bytes`, cut and ended with an ellipsis if wider than `maxWidth`. */
export const truncateToWidth = (bytes: string, widths: Float64Array, size: number, maxWidth: number) => {
  if (textWidth(bytes, widths, size) <= maxWidth) return bytes;
  let end = bytes.length;
  while (end > 0 && textWidth(bytes.slice(0, end) + ELLIPSIS, widths, size) > maxWidth) end--;
  return bytes.slice(0, end).trimEnd() + ELLIPSIS;
};
