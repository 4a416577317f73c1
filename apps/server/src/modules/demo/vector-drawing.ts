/**
 * A tiny vector drawing model written out three times: as SVG (rendered by sharp into the JPEG
 * preview), as PostScript (the EPS logos) and as PDF (the templates, `drawing-to-pdf.ts`). One description keeps
 * the vector file and its JPEG showing the same artwork. Coordinates in points, y pointing down.
 */
export type PathCommand =
  ['M' | 'L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

interface Paint {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  dash?: number[];
}

export type Shape =
  | ({ type: 'rect'; x: number; y: number; w: number; h: number } & Paint)
  | ({ type: 'circle'; cx: number; cy: number; r: number } & Paint)
  | ({ type: 'path'; d: PathCommand[] } & Paint)
  | {
      type: 'text';
      x: number;
      y: number;
      size: number;
      text: string;
      fill: string;
      font: 'sans' | 'sans-bold' | 'serif-bold';
      anchor?: 'start' | 'middle' | 'end';
      /** Degrees clockwise around (x, y). */
      rotate?: number;
    };

export interface Drawing {
  width: number;
  height: number;
  shapes: Shape[];
}

const round = (value: number) => Math.round(value * 100) / 100;

const SVG_FONTS = {
  sans: `font-family="DejaVu Sans"`,
  'sans-bold': `font-family="DejaVu Sans" font-weight="bold"`,
  'serif-bold': `font-family="DejaVu Serif" font-weight="bold"`,
};

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function svgPaint(shape: Paint): string {
  const parts = [`fill="${shape.fill ?? 'none'}"`];
  if (shape.stroke) parts.push(`stroke="${shape.stroke}" stroke-width="${shape.lineWidth ?? 1}"`);
  if (shape.dash) parts.push(`stroke-dasharray="${shape.dash.join(' ')}"`);
  return parts.join(' ');
}

const svgPath = (commands: PathCommand[]) =>
  commands
    .map((command) => command.map((part) => (typeof part === 'number' ? round(part) : part)).join(' '))
    .join(' ');

/** The drawing's shapes as SVG elements (no outer <svg>), to place into a larger picture. */
export function drawingToSvgElements(drawing: Drawing): string {
  return drawing.shapes
    .map((shape) => {
      switch (shape.type) {
        case 'rect':
          return `<rect x="${round(shape.x)}" y="${round(shape.y)}" width="${round(shape.w)}" height="${round(shape.h)}" ${svgPaint(shape)}/>`;
        case 'circle':
          return `<circle cx="${round(shape.cx)}" cy="${round(shape.cy)}" r="${round(shape.r)}" ${svgPaint(shape)}/>`;
        case 'path':
          return `<path d="${svgPath(shape.d)}" ${svgPaint(shape)}/>`;
        case 'text': {
          const rotate = shape.rotate
            ? ` transform="rotate(${round(shape.rotate)} ${round(shape.x)} ${round(shape.y)})"`
            : '';
          return `<text x="${round(shape.x)}" y="${round(shape.y)}" font-size="${round(shape.size)}" ${SVG_FONTS[shape.font]} fill="${shape.fill}" text-anchor="${shape.anchor ?? 'start'}"${rotate}>${escapeXml(shape.text)}</text>`;
        }
      }
    })
    .join('\n');
}

/** Naive sRGB -> CMYK (no ICC): good enough for demo artwork, and it makes the EPS truly CMYK. */
export function hexToCmyk(hex: string): [number, number, number, number] {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return [0, 0, 0, 1];
  return [(1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k];
}

const PS_FONTS = { sans: 'Helvetica-L1', 'sans-bold': 'Helvetica-Bold-L1', 'serif-bold': 'Times-Bold-L1' };

/** PostScript string literal in ISO Latin-1 (umlauts, accents); other characters get a plain stand-in. */
function psString(text: string): string {
  const replaced = text
    .replace(/€/g, 'EUR')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-');
  let out = '';
  for (const char of replaced) {
    const code = char.codePointAt(0)!;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code >= 32 && code < 127) out += char;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `(${out})`;
}

const psColour = (hex: string) =>
  `${hexToCmyk(hex)
    .map((part) => round(part))
    .join(' ')} setcmykcolor`;

function psPaint(shape: Paint, path: string): string {
  const lines: string[] = [];
  if (shape.fill) lines.push(`${psColour(shape.fill)} newpath ${path} fill`);
  if (shape.stroke) {
    const dash = shape.dash ? `[${shape.dash.join(' ')}] 0 setdash` : '[] 0 setdash';
    lines.push(
      `${psColour(shape.stroke)} ${shape.lineWidth ?? 1} setlinewidth ${dash} newpath ${path} stroke`,
    );
  }
  return lines.join('\n');
}

function psShape(shape: Shape): string {
  switch (shape.type) {
    case 'rect':
      return psPaint(
        shape,
        `${round(shape.x)} ${round(shape.y)} moveto ${round(shape.w)} 0 rlineto 0 ${round(shape.h)} rlineto ${round(-shape.w)} 0 rlineto closepath`,
      );
    case 'circle':
      return psPaint(
        shape,
        `${round(shape.cx + shape.r)} ${round(shape.cy)} moveto ${round(shape.cx)} ${round(shape.cy)} ${round(shape.r)} 0 360 arc closepath`,
      );
    case 'path': {
      const ops = shape.d
        .map((command) => {
          const [op, ...args] = command;
          const numbers = args.map(round).join(' ');
          return op === 'M'
            ? `${numbers} moveto`
            : op === 'L'
              ? `${numbers} lineto`
              : op === 'C'
                ? `${numbers} curveto`
                : 'closepath';
        })
        .join(' ');
      return psPaint(shape, ops);
    }
    case 'text': {
      const align =
        shape.anchor === 'middle'
          ? 'dup stringwidth pop 2 div neg 0 rmoveto '
          : shape.anchor === 'end'
            ? 'dup stringwidth pop neg 0 rmoveto '
            : '';
      const rotate = shape.rotate ? ` ${round(shape.rotate)} rotate` : '';
      // The page is flipped to y-down; text is flipped back so that it reads upright.
      return `gsave ${psColour(shape.fill)} ${round(shape.x)} ${round(shape.y)} translate${rotate} 1 -1 scale /${PS_FONTS[shape.font]} findfont ${round(shape.size)} scalefont setfont 0 0 moveto ${psString(shape.text)} ${align}show grestore`;
    }
  }
}

const LATIN1_FONTS = Object.entries({
  'Helvetica-L1': 'Helvetica',
  'Helvetica-Bold-L1': 'Helvetica-Bold',
  'Times-Bold-L1': 'Times-Bold',
})
  .map(
    ([name, base]) =>
      `/${base} findfont dup length dict begin {1 index /FID ne {def} {pop pop} ifelse} forall /Encoding ISOLatin1Encoding def currentdict end /${name} exch definefont pop`,
  )
  .join('\n');

const psBody = (drawing: Drawing) => `gsave
0 ${drawing.height} translate 1 -1 scale
1 setlinejoin 1 setlinecap
${drawing.shapes.map(psShape).join('\n')}
grestore`;

/** An EPSF-3.0 file (no preview image, like the logo fixture); fonts are the standard 35, not embedded. */
export function drawingToEps(drawing: Drawing, title: string): string {
  return `%!PS-Adobe-3.0 EPSF-3.0
%%BoundingBox: 0 0 ${Math.ceil(drawing.width)} ${Math.ceil(drawing.height)}
%%HiResBoundingBox: 0.000 0.000 ${drawing.width.toFixed(3)} ${drawing.height.toFixed(3)}
%%Title: ${title.replace(/[^\x20-\x7e]/g, '?')}
%%Creator: Mediabox demo catalogue
%%DocumentData: Clean7Bit
%%LanguageLevel: 2
%%Pages: 1
%%EndComments
%%BeginProlog
${LATIN1_FONTS}
%%EndProlog
%%Page: 1 1
${psBody(drawing)}
showpage
%%Trailer
%%EOF
`;
}

/** Rough width of a text in DejaVu (em fractions), to fit words into boxes without measuring. */
export function textWidth(text: string, size: number, bold: boolean): number {
  return text.length * size * (bold ? 0.66 : 0.58);
}

export function fitSize(text: string, maxWidth: number, maxSize: number, bold = true): number {
  return Math.min(maxSize, maxWidth / Math.max(1, text.length * (bold ? 0.66 : 0.58)));
}
