import { createHash } from 'node:crypto';
import type { Drawing, PathCommand, Shape } from './vector-drawing.js';
import { hexToCmyk } from './vector-drawing.js';
import { STANDARD_FONTS, textWidthPt, toWinAnsi, type StandardFont } from './standard-font-metrics.js';

/**
 * Writes a `Drawing` as a one-page PDF, without Ghostscript: the demo's PDF templates must be made
 * on a machine that has nothing but Node. The output is the smallest honest PDF 1.4: catalogue,
 * page tree, one page, one uncompressed content stream (readable, and no zlib version can change
 * the bytes), the standard fonts it uses (not embedded, WinAnsiEncoding so that umlauts and accents
 * print), an info dictionary with fixed dates, and a cross-reference table whose offsets are
 * counted while writing. The same drawing always gives the same bytes; the /ID is a hash of them.
 *
 * Colours are CMYK like the EPS (`hexToCmyk`), coordinates are the drawing's (points, y down): the
 * content stream starts by flipping the page, and text is flipped back so it reads upright.
 */
export function drawingToPdf(drawing: Drawing, title: string): Buffer {
  const fonts = usedFonts(drawing);
  const content = contentStream(drawing, fonts);
  const fontRefs = fonts.map((font, index) => ({ font, name: `F${index + 1}`, object: 5 + index }));
  const infoObject = 5 + fonts.length;

  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(drawing.width)} ${num(drawing.height)}] ` +
      `/Resources << /ProcSet [/PDF /Text] /Font << ${fontRefs.map((ref) => `/${ref.name} ${ref.object} 0 R`).join(' ')} >> >> ` +
      '/Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    ...fontRefs.map(
      (ref) => `<< /Type /Font /Subtype /Type1 /BaseFont /${ref.font} /Encoding /WinAnsiEncoding >>`,
    ),
    `<< /Title ${pdfString(title)} /Creator (Mediabox demo catalogue) ` +
      '/CreationDate (D:20261122000000Z) /ModDate (D:20261122000000Z) >>',
  ];

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, type, CR LF.
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f\r\n',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r\n`),
  ].join('');
  const id = createHash('md5').update(body, 'latin1').digest('hex').toUpperCase();
  const trailer =
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoObject} 0 R /ID [<${id}><${id}>] >>\n` +
    `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body + xref + trailer, 'latin1');
}

const FONT_OF: Record<Extract<Shape, { type: 'text' }>['font'], StandardFont> = {
  sans: 'Helvetica',
  'sans-bold': 'Helvetica-Bold',
  'serif-bold': 'Times-Bold',
};

/** The fonts the drawing uses, in a fixed order, so resource names do not depend on shape order. */
function usedFonts(drawing: Drawing): StandardFont[] {
  const used = new Set(
    drawing.shapes.flatMap((shape) => (shape.type === 'text' ? [FONT_OF[shape.font]] : [])),
  );
  return STANDARD_FONTS.filter((font) => used.has(font));
}

/** Numbers as PDF writes them: at most two decimals (four for matrix factors), no exponent, no "-0". */
function num(value: number, decimals = 2): string {
  const rounded = Math.round(value * 10 ** decimals) / 10 ** decimals;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

const colour = (hex: string, operator: 'k' | 'K') =>
  `${hexToCmyk(hex)
    .map((part) => num(part))
    .join(' ')} ${operator}`;

/** A PDF literal string in WinAnsi bytes; parentheses and backslashes escaped, the rest octal when not ASCII. */
function pdfString(text: string): string {
  let out = '';
  for (const byte of toWinAnsi(text)) {
    const char = String.fromCharCode(byte);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (byte >= 32 && byte < 127) out += char;
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `(${out})`;
}

/** Four Bézier arcs; 0.5523 is the control distance that keeps a quarter circle within 0.03 % of round. */
function circlePath(cx: number, cy: number, r: number): string {
  const k = r * 0.5523;
  return [
    `${num(cx + r)} ${num(cy)} m`,
    `${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c`,
    `${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c`,
    `${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c`,
    `${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c`,
    'h',
  ].join(' ');
}

function pathOps(commands: PathCommand[]): string {
  return commands
    .map((command) => {
      const [op, ...args] = command;
      const numbers = args.map((arg) => num(arg)).join(' ');
      return op === 'M' ? `${numbers} m` : op === 'L' ? `${numbers} l` : op === 'C' ? `${numbers} c` : 'h';
    })
    .join(' ');
}

/** Fill, then stroke, each with its own copy of the path (as the EPS does). */
function paint(shape: Exclude<Shape, { type: 'text' }>, path: string): string[] {
  const lines: string[] = [];
  if (shape.fill) lines.push(`${colour(shape.fill, 'k')} ${path} f`);
  if (shape.stroke) {
    const dash = shape.dash ? `[${shape.dash.map((part) => num(part)).join(' ')}] 0 d` : '[] 0 d';
    lines.push(`${colour(shape.stroke, 'K')} ${num(shape.lineWidth ?? 1)} w ${dash} ${path} S`);
  }
  return lines;
}

function shapeOps(shape: Shape, fontNames: Map<StandardFont, string>): string[] {
  switch (shape.type) {
    case 'rect':
      return paint(shape, `${num(shape.x)} ${num(shape.y)} ${num(shape.w)} ${num(shape.h)} re`);
    case 'circle':
      return paint(shape, circlePath(shape.cx, shape.cy, shape.r));
    case 'path':
      return paint(shape, pathOps(shape.d));
    case 'text': {
      const font = FONT_OF[shape.font];
      const width = textWidthPt(font, shape.text, shape.size);
      const shift = shape.anchor === 'middle' ? -width / 2 : shape.anchor === 'end' ? -width : 0;
      const turn = ((shape.rotate ?? 0) * Math.PI) / 180;
      // Clockwise on the y-down page; the text matrix flips y back so the glyphs stand upright.
      const rotation = shape.rotate
        ? ` ${[Math.cos(turn), Math.sin(turn), -Math.sin(turn), Math.cos(turn)].map((f) => num(f, 4)).join(' ')} 0 0 cm`
        : '';
      return [
        `q ${colour(shape.fill, 'k')} 1 0 0 1 ${num(shape.x)} ${num(shape.y)} cm${rotation} ` +
          `BT /${fontNames.get(font)} ${num(shape.size)} Tf 1 0 0 -1 ${num(shift)} 0 Tm ${pdfString(shape.text)} Tj ET Q`,
      ];
    }
  }
}

function contentStream(drawing: Drawing, fonts: StandardFont[]): string {
  const fontNames = new Map(fonts.map((font, index) => [font, `F${index + 1}`]));
  return [
    'q',
    // y down like the drawing (and the SVG); round joins and caps like the EPS.
    `1 0 0 -1 0 ${num(drawing.height)} cm`,
    '1 j 1 J',
    ...drawing.shapes.flatMap((shape) => shapeOps(shape, fontNames)),
    'Q',
  ].join('\n');
}
