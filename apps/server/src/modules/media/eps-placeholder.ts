import sharp from 'sharp';
import { RENDITION_SIZES, type MediaInfo, type Rendition } from './media-types.js';

/**
 * Thumb and preview for an EPS when Ghostscript is not installed: a neutral card in the EPS's
 * proportions with "EPS" and its size in points. No words of any language, and no font either:
 * the letters are drawn as strokes, because a bare machine may have no fonts for SVG text.
 * The renditions are recorded as placeholders and made again at a start that finds Ghostscript.
 */
export async function epsPlaceholderRenditions(info: MediaInfo): Promise<Rendition[]> {
  const widthPt = ((info.width ?? 300) * 72) / 300;
  const heightPt = ((info.height ?? 300) * 72) / 300;
  // The card keeps the drawing's shape, within reason: a 20:1 banner would leave no room to write.
  const aspect = Math.min(2.5, Math.max(1 / 2.5, widthPt / heightPt));
  const edge = RENDITION_SIZES.preview;
  const width = Math.round(aspect >= 1 ? edge : edge * aspect);
  const height = Math.round(aspect >= 1 ? edge / aspect : edge);
  const svg = placeholderSvg(width, height, `${Math.round(widthPt)}×${Math.round(heightPt)} pt`);
  const preview = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const thumbEdge = RENDITION_SIZES.thumb;
  const thumb = await sharp(preview)
    .resize(thumbEdge, thumbEdge, { fit: 'inside' })
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return [
    {
      kind: 'thumb',
      data: thumb.data,
      width: thumb.info.width,
      height: thumb.info.height,
      placeholder: true,
    },
    { kind: 'preview', data: preview, width, height, placeholder: true },
  ];
}

/** Stroke glyphs on a 4×6 grid (y down; "p" descends to 8). */
const GLYPHS: Record<string, string> = {
  E: 'M4 0 L0 0 L0 6 L4 6 M0 3 L3 3',
  P: 'M0 6 L0 0 L3 0 L4 1 L4 2 L3 3 L0 3',
  S: 'M4 1 L3 0 L1 0 L0 1 L0 2 L1 3 L3 3 L4 4 L4 5 L3 6 L1 6 L0 5',
  '0': 'M1 0 L3 0 L4 1 L4 5 L3 6 L1 6 L0 5 L0 1 Z',
  '1': 'M1 1 L2 0 L2 6 M1 6 L3 6',
  '2': 'M0 1 L1 0 L3 0 L4 1 L4 2 L0 6 L4 6',
  '3': 'M0 1 L1 0 L3 0 L4 1 L4 2 L3 3 L1 3 M3 3 L4 4 L4 5 L3 6 L1 6 L0 5',
  '4': 'M3 6 L3 0 L0 4 L4 4',
  '5': 'M4 0 L0 0 L0 3 L3 3 L4 4 L4 5 L3 6 L0 6',
  '6': 'M3 0 L1 0 L0 1 L0 5 L1 6 L3 6 L4 5 L4 4 L3 3 L0 3',
  '7': 'M0 0 L4 0 L1 6',
  '8': 'M1 0 L3 0 L4 1 L4 2 L3 3 L1 3 L0 2 L0 1 Z M1 3 L3 3 L4 4 L4 5 L3 6 L1 6 L0 5 L0 4 Z',
  '9': 'M4 3 L1 3 L0 2 L0 1 L1 0 L3 0 L4 1 L4 5 L3 6 L1 6',
  '×': 'M0.5 2 L3.5 5 M3.5 2 L0.5 5',
  p: 'M0 8 L0 2 L3 2 L4 3 L4 4 L3 5 L0 5',
  t: 'M2 0.5 L2 5 L2.6 6 L4 6 M0.8 2 L3.6 2',
  ' ': '',
};
const ADVANCE = 6;

/** A line of stroke glyphs centred on (cx, top), each unit `unit` pixels. */
function strokeText(text: string, cx: number, top: number, unit: number, strokeWidth: number): string {
  const glyphs = [...text].map((char) => GLYPHS[char] ?? '');
  const left = cx - ((glyphs.length * ADVANCE - (ADVANCE - 4)) * unit) / 2;
  return glyphs
    .map((d, index) =>
      d
        ? `<path transform="translate(${left + index * ADVANCE * unit} ${top}) scale(${unit})" d="${d}" ` +
          `fill="none" stroke="#546e7a" stroke-width="${strokeWidth / unit}" stroke-linecap="round" stroke-linejoin="round"/>`
        : '',
    )
    .join('');
}

function placeholderSvg(width: number, height: number, size: string): string {
  const short = Math.min(width, height);
  const bigUnit = short / 28;
  const smallUnit = Math.min(bigUnit / 2.2, (width * 0.8) / (size.length * ADVANCE));
  const inset = short * 0.04;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#eceff1"/>` +
    `<rect x="${inset}" y="${inset}" width="${width - 2 * inset}" height="${height - 2 * inset}" fill="none" ` +
    `stroke="#90a4ae" stroke-width="${short * 0.008}" stroke-dasharray="${short * 0.03} ${short * 0.02}"/>` +
    strokeText('EPS', width / 2, height / 2 - bigUnit * 7, bigUnit, bigUnit * 0.9) +
    strokeText(size, width / 2, height / 2 + bigUnit * 2, smallUnit, smallUnit * 0.8) +
    `</svg>`
  );
}
