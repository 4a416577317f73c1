/**
 * Just enough of the standard PDF fonts to place centred and right-aligned text: the advance width
 * of each printable ASCII character (thousandths of the font size, the published metrics of
 * Helvetica, Helvetica-Bold and Times-Bold, which every PDF reader's stand-in fonts share), and
 * the WinAnsi byte of each character the demo writes. Accented letters are as wide as their base
 * letter in these fonts, so they are measured by it; other symbols get the digit width.
 */
export const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold', 'Times-Bold'] as const;
export type StandardFont = (typeof STANDARD_FONTS)[number];

/** Widths of the characters 32 (space) to 126 (~), in order. */
const ASCII_WIDTHS: Record<StandardFont, number[]> = {
  // prettier-ignore
  Helvetica: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  // prettier-ignore
  'Helvetica-Bold': [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
  // prettier-ignore
  'Times-Bold': [
    250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278,
    500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500,
    930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944, 722, 778,
    611, 778, 722, 556, 667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500,
    333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500,
    556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520,
  ],
};

/** WinAnsi bytes 0x80–0x9F that differ from Latin-1 (the ones text is likely to use). */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/** The text as WinAnsi bytes; a character the encoding lacks becomes "?". */
export function toWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if ((code >= 32 && code < 127) || (code >= 160 && code <= 255)) bytes.push(code);
    else bytes.push(WIN_ANSI_EXTRAS[char] ?? 0x3f);
  }
  return bytes;
}

/** Width of the text in points at `size`. */
export function textWidthPt(font: StandardFont, text: string, size: number): number {
  const widths = ASCII_WIDTHS[font];
  let total = 0;
  for (const char of text.normalize('NFC')) {
    total += charWidth(widths, char);
  }
  return (total * size) / 1000;
}

function charWidth(widths: number[], char: string): number {
  const code = char.codePointAt(0)!;
  if (code >= 32 && code < 127) return widths[code - 32]!;
  if (char === 'ß') return widths['s'.charCodeAt(0) - 32]! * 1.1; // close to the fonts' own ß
  // "é" -> "e": the base letter carries the width; the accent sits on it.
  const base = char.normalize('NFD').charAt(0);
  const baseCode = base.codePointAt(0)!;
  if (base !== char && baseCode >= 32 && baseCode < 127) return widths[baseCode - 32]!;
  if (char === '—') return 1000;
  return widths['0'.charCodeAt(0) - 32]!;
}
