import type { ImageCategory } from '@mediabox/contract';
import type { Product } from './demo-products.js';
import { ean13Svg } from './ean13-barcode.js';
import { randomFor } from './seeded-random.js';
import { escapeXml, fitSize } from './vector-drawing.js';

/**
 * Product packshots as SVG, 1200 × 1200: a pack of the product's shape standing on the floor with a
 * soft shadow, brand colours and a label with name, kind and size. The view (image category) picks
 * front with perspective, flat front, sides, back (with a scannable EAN-13) or the product itself.
 */
export const PACKSHOT_SIZE = 1200;
const FLOOR = 1010;
const CX = 600;
const CREAM = '#f7f0e1';

export interface PackshotOptions {
  product: Product;
  view: ImageCategory;
  version: number;
  variant: number;
  /** Without the white background: the PNG cut-out. */
  transparent: boolean;
}

/** Mixes a colour with black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (target - value) * weight)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return (0.299 * r! + 0.587 * g! + 0.114 * b!) / 255;
};

const font = (bold: boolean, serif = false) =>
  `font-family="${serif ? 'DejaVu Serif' : 'DejaVu Sans'}"${bold ? ' font-weight="bold"' : ''}`;

function text(
  x: number,
  y: number,
  size: number,
  content: string,
  fill: string,
  options: { bold?: boolean; serif?: boolean; anchor?: string; rotate?: number; spacing?: number } = {},
): string {
  const rotate = options.rotate ? ` transform="rotate(${options.rotate} ${x} ${y})"` : '';
  const spacing = options.spacing ? ` letter-spacing="${options.spacing}"` : '';
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size.toFixed(1)}" ${font(options.bold ?? false, options.serif)} fill="${fill}" text-anchor="${options.anchor ?? 'middle'}"${spacing}${rotate}>${escapeXml(content)}</text>`;
}

/** Splits a long name into two lines at the space nearest the middle. */
function splitLines(value: string, maxChars: number): string[] {
  if (value.length <= maxChars || !value.includes(' ')) return [value];
  let best = -1;
  for (let index = 0; index < value.length; index += 1) {
    if (
      value[index] === ' ' &&
      (best < 0 || Math.abs(index - value.length / 2) < Math.abs(best - value.length / 2))
    )
      best = index;
  }
  return [value.slice(0, best), value.slice(best + 1)];
}

const textColour = (product: Product) =>
  luminance(product.colour) > 0.62 ? product.brand.primary : product.colour;

/** Strength as five little beans, filled up to the strength. */
function strengthBeans(cx: number, y: number, size: number, strength: number, colour: string): string {
  const parts: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const x = cx + (index - 2) * size * 2.6;
    const filled = index < strength;
    parts.push(
      `<g transform="rotate(-30 ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="${size}" ry="${size * 0.7}" fill="${filled ? colour : 'none'}" stroke="${colour}" stroke-width="${size * 0.18}"/>` +
        `<path d="M ${x - size * 0.8} ${y} Q ${x} ${y - size * 0.35} ${x + size * 0.8} ${y}" stroke="${filled ? CREAM : colour}" stroke-width="${size * 0.16}" fill="none"/></g>`,
    );
  }
  return parts.join('');
}

/** The small round brand emblem: a star, sun, mountain, … reduced to a dot with the initial. */
function emblem(cx: number, cy: number, r: number, product: Product): string {
  const brand = product.brand;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${brand.primary}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.82}" fill="none" stroke="${brand.accent}" stroke-width="${r * 0.08}"/>${text(cx, cy + r * 0.38, r * 1.05, brand.name[0]!, brand.accent, { bold: true, serif: brand.serif })}`;
}

/** Front label: emblem, brand, line (big), kind, strength, size. Fills the box (x, y, w, h). */
function frontLabel(product: Product, x: number, y: number, w: number, h: number, version: number): string {
  const cx = x + w / 2;
  const colour = textColour(product);
  const panel = version > 1 ? shade(product.brand.accent, 0.75) : CREAM;
  const parts = [`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.04}" fill="${panel}"/>`];
  parts.push(
    `<rect x="${x + w * 0.04}" y="${y + w * 0.04}" width="${w * 0.92}" height="${h - w * 0.08}" rx="${w * 0.03}" fill="none" stroke="${product.brand.accent}" stroke-width="${Math.max(2, w * 0.008)}"/>`,
  );
  let cursor = y + h * 0.06;
  const emblemR = Math.min(w * 0.08, h * 0.08);
  parts.push(emblem(cx, cursor + emblemR, emblemR, product));
  cursor += emblemR * 2 + h * 0.1;
  const brandSize = fitSize(product.brand.name, w * 0.8, Math.min(w * 0.1, h * 0.09));
  parts.push(
    text(cx, cursor, brandSize, product.brand.name.toUpperCase(), product.brand.primary, {
      bold: true,
      serif: product.brand.serif,
      spacing: brandSize * 0.08,
    }),
  );
  cursor += h * 0.04;
  parts.push(
    `<rect x="${cx - w * 0.15}" y="${cursor}" width="${w * 0.3}" height="${Math.max(3, h * 0.008)}" fill="${product.brand.accent}"/>`,
  );
  const lines = splitLines(product.line.de, 13);
  const lineSize = Math.min(...lines.map((line) => fitSize(line, w * 0.84, Math.min(w * 0.16, h * 0.13))));
  cursor += lineSize * 1.25;
  for (const line of lines) {
    parts.push(text(cx, cursor, lineSize, line, colour, { bold: true }));
    cursor += lineSize * 1.1;
  }
  const kindSize = fitSize(product.kind.de, w * 0.8, Math.min(w * 0.065, h * 0.06), false);
  parts.push(text(cx, cursor + kindSize * 0.3, kindSize, product.kind.de, '#4a4038'));
  if (product.strength)
    parts.push(
      strengthBeans(cx, cursor + kindSize * 1.8, Math.min(w * 0.03, h * 0.025), product.strength, colour),
    );
  const sizeSize = Math.min(w * 0.085, h * 0.075);
  parts.push(text(cx, y + h - h * 0.07, sizeSize, product.size.de, '#2b2420', { bold: true }));
  return parts.join('\n');
}

/** Back label: ingredients as text and grey lines, maker, and the EAN-13 barcode. */
function backLabel(product: Product, x: number, y: number, w: number, h: number): string {
  const random = randomFor(`back:${product.key}`);
  const parts = [`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.04}" fill="${CREAM}"/>`];
  const size = Math.min(w * 0.055, 30);
  parts.push(
    text(x + w * 0.08, y + size * 1.8, size, 'Zutaten / Ingrédients', product.brand.primary, {
      bold: true,
      anchor: 'start',
    }),
  );
  const lines = Math.max(3, Math.floor((h * 0.45) / (size * 1.1)));
  for (let index = 0; index < lines; index += 1) {
    const lineWidth = w * (0.55 + random() * 0.3);
    parts.push(
      `<rect x="${x + w * 0.08}" y="${y + size * 2.6 + index * size * 1.1}" width="${lineWidth}" height="${size * 0.4}" rx="${size * 0.2}" fill="#c9bfae"/>`,
    );
  }
  parts.push(
    text(x + w * 0.08, y + h * 0.62, size * 0.7, 'Nordstern Kaffee GmbH', '#4a4038', { anchor: 'start' }),
  );
  const moduleWidth = Math.min((w * 0.8) / 113, 6);
  const barcodeWidth = moduleWidth * 113;
  parts.push(ean13Svg(product.gtin, x + (w - barcodeWidth) / 2, y + h * 0.7, moduleWidth, h * 0.18));
  return parts.join('\n');
}

/** A side panel: brand and line written upwards (left side) or kind and size (right side). */
function sideLabel(
  product: Product,
  x: number,
  y: number,
  w: number,
  h: number,
  side: 'left' | 'right',
): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const fill = luminance(product.colour) > 0.62 ? product.brand.primary : '#ffffff';
  if (side === 'left') {
    const size = fitSize(product.brand.name, h * 0.8, w * 0.42);
    return text(cx + size * 0.35, cy, size, product.brand.name.toUpperCase(), fill, {
      bold: true,
      serif: product.brand.serif,
      rotate: -90,
      spacing: size * 0.05,
    });
  }
  const label = `${product.line.de} · ${product.size.de}`;
  const size = fitSize(label, h * 0.85, w * 0.22);
  return `${text(cx + size * 0.35, cy, size, label, fill, { bold: true, rotate: 90 })}${emblem(cx, y + h * 0.08 + w * 0.2, w * 0.2, product)}`;
}

/** Horizontal light across a pack: dark edges and a soft highlight, for a rounded look. */
function volumeGradient(id: string, strength = 1): string {
  return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">
<stop offset="0" stop-color="#000" stop-opacity="${0.32 * strength}"/><stop offset="0.14" stop-color="#000" stop-opacity="0"/>
<stop offset="0.32" stop-color="#fff" stop-opacity="${0.16 * strength}"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
<stop offset="0.86" stop-color="#000" stop-opacity="0.02"/><stop offset="1" stop-color="#000" stop-opacity="${0.34 * strength}"/></linearGradient>`;
}

function shadow(cx: number, width: number): string {
  return `<ellipse cx="${cx}" cy="${FLOOR}" rx="${width * 0.62}" ry="${Math.max(26, width * 0.06)}" fill="url(#shadow)"/>`;
}

interface Body {
  /** Outline of the pack (path data), used for the fill and the shading overlay. */
  outline: string;
  extra: string;
  labelBox: { x: number; y: number; w: number; h: number };
  width: number;
  cx: number;
  /** Highest point of the pack, to centre and scale it in the picture. */
  top: number;
}

/** A badge for version 2 ("NEU") and a ribbon for variant 2 (limited edition). */
function markers(
  product: Product,
  box: { x: number; y: number; w: number; h: number },
  version: number,
  variant: number,
): string {
  const parts: string[] = [];
  if (version > 1) {
    const r = box.w * 0.13;
    const cx = box.x + box.w - r * 0.4;
    const cy = box.y + r * 0.4;
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#d7261e"/>${text(cx, cy + r * 0.2, r * 0.6, 'NEU', '#ffffff', { bold: true, rotate: 12 })}`,
    );
  }
  if (variant > 1) {
    const y = box.y + box.h * 0.5;
    parts.push(
      `<rect x="${box.x - 20}" y="${y - 32}" width="${box.w + 40}" height="64" fill="${product.brand.accent}" opacity="0.95"/>${text(box.x + box.w / 2, y + 12, fitSize('LIMITIERTE EDITION', box.w * 0.9, 34), 'LIMITIERTE EDITION', product.brand.primary, { bold: true, spacing: 3 })}`,
    );
  }
  return parts.join('');
}

type Face = 'front' | 'flat' | 'left' | 'right' | 'back';

const faceOf = (view: ImageCategory): Face =>
  view === 2 ? 'left' : view === 3 ? 'right' : view === 5 ? 'back' : view === 4 ? 'flat' : 'front';

function bag(product: Product, face: Face): Body {
  const grams = parseInt(product.size.de, 10) * (product.size.de.includes('kg') ? 1000 : 1);
  const scale = grams >= 1000 ? 1 : grams >= 500 ? 0.92 : 0.8;
  const fullWidth = 540 * scale;
  const width = face === 'left' || face === 'right' ? fullWidth * 0.36 : fullWidth;
  const height = 820 * scale;
  const depth = face === 'front' ? 70 * scale : 0;
  const left = CX - (width + depth) / 2;
  const right = left + width;
  const top = FLOOR - 12 - height;
  const bottom = FLOOR - 12;
  const seal = 62 * scale;
  const teeth: string[] = [];
  const toothCount = Math.round(width / 22);
  for (let index = 0; index <= toothCount; index += 1)
    teeth.push(`L ${left + (index * width) / toothCount} ${top + (index % 2 === 0 ? 0 : 9)}`);
  const outline = `M ${left} ${top + 9} ${teeth.join(' ')} L ${right} ${bottom - 16} Q ${right} ${bottom} ${right - 16} ${bottom} L ${left + 16} ${bottom} Q ${left} ${bottom} ${left} ${bottom - 16} Z`;
  const dark = shade(product.colour, -0.3);
  let extra = `<rect x="${left}" y="${top + seal - 4}" width="${width}" height="8" fill="${dark}" opacity="0.6"/>`;
  extra += `<path d="M ${left} ${top + 9} ${teeth.join(' ')} L ${right} ${top + seal} L ${left} ${top + seal} Z" fill="${shade(product.colour, -0.12)}"/>`;
  if (depth > 0) {
    extra += `<path d="M ${right} ${top + 9} L ${right + depth} ${top + 28} L ${right + depth} ${bottom - 12} L ${right - 2} ${bottom} Z" fill="${shade(product.colour, -0.42)}"/>`;
    extra += `<path d="M ${right + depth * 0.5} ${top + 30} L ${right + depth * 0.5} ${bottom - 10}" stroke="${shade(product.colour, -0.55)}" stroke-width="3"/>`;
  }
  if (face === 'left' || face === 'right')
    extra += `<path d="M ${CX} ${top + seal} L ${CX} ${bottom - 4}" stroke="${dark}" stroke-width="3" opacity="0.7"/>`;
  if (face === 'front' || face === 'flat') {
    const valveX = left + width / 2;
    extra += `<circle cx="${valveX}" cy="${top + seal + 52 * scale}" r="${17 * scale}" fill="${dark}"/><circle cx="${valveX}" cy="${top + seal + 52 * scale}" r="${9 * scale}" fill="${shade(product.colour, -0.5)}"/>`;
  }
  const margin = width * 0.09;
  return {
    outline,
    extra,
    labelBox: {
      x: left + margin,
      y: top + seal + 100 * scale,
      w: width - margin * 2,
      h: bottom - (top + seal + 100 * scale) - 60 * scale,
    },
    width: width + depth,
    cx: (left + right + depth) / 2,
    top,
  };
}

function pouch(product: Product, face: Face): Body {
  const fullWidth = 470;
  const width = face === 'left' || face === 'right' ? 170 : fullWidth;
  const height = 660;
  const depth = face === 'front' ? 50 : 0;
  const left = CX - (width + depth) / 2;
  const right = left + width;
  const bottom = FLOOR - 10;
  const top = bottom - height;
  const outline = `M ${left + 14} ${top} L ${right - 14} ${top} Q ${right} ${top} ${right} ${top + 14} L ${right + 10} ${bottom - 60} Q ${right + 8} ${bottom} ${right - 50} ${bottom} L ${left + 50} ${bottom} Q ${left - 8} ${bottom} ${left - 10} ${bottom - 60} L ${left} ${top + 14} Q ${left} ${top} ${left + 14} ${top} Z`;
  let extra = `<path d="M ${left + 6} ${top + 70} L ${right - 6} ${top + 70}" stroke="${shade(product.colour, -0.35)}" stroke-width="6" stroke-dasharray="18 8"/>`;
  extra += `<path d="M ${left} ${top + 40} l 14 6 l -14 6 Z M ${right} ${top + 40} l -14 6 l 14 6 Z" fill="#fff"/>`;
  if (depth > 0)
    extra += `<path d="M ${right} ${top + 14} L ${right + depth} ${top + 34} L ${right + depth + 8} ${bottom - 50} L ${right - 40} ${bottom} Q ${right + 8} ${bottom} ${right + 10} ${bottom - 60} Z" fill="${shade(product.colour, -0.4)}"/>`;
  return {
    outline,
    extra,
    labelBox: { x: left + 40, y: top + 110, w: width - 80, h: height - 190 },
    width: width + depth + 20,
    cx: (left + right + depth) / 2,
    top,
  };
}

function can(product: Product, face: Face): Body {
  const width = parseInt(product.size.de, 10) >= 400 ? 470 : 420;
  const height = width * 1.3;
  const ry = face === 'flat' ? 6 : width * 0.09;
  const left = CX - width / 2;
  const right = CX + width / 2;
  const bottom = FLOOR - 8;
  const top = bottom - height;
  const outline = `M ${left} ${top + ry} L ${left} ${bottom - ry} A ${width / 2} ${ry} 0 0 0 ${right} ${bottom - ry} L ${right} ${top + ry} Z`;
  const lid = shade('#b8b8b8', 0);
  let extra = `<rect x="${left - 6}" y="${top + ry - 4}" width="${width + 12}" height="46" fill="url(#metal)"/>`;
  extra += `<path d="M ${left - 6} ${top + ry + 42} A ${width / 2 + 6} ${ry} 0 0 0 ${right + 6} ${top + ry + 42}" fill="none" stroke="#8d8d8d" stroke-width="3"/>`;
  extra += `<ellipse cx="${CX}" cy="${top + ry - 4}" rx="${width / 2 + 6}" ry="${ry}" fill="${lid}" stroke="#9a9a9a" stroke-width="3"/>`;
  extra += `<ellipse cx="${CX}" cy="${top + ry - 4}" rx="${width / 2 - 22}" ry="${ry * 0.7}" fill="none" stroke="#a5a5a5" stroke-width="4"/>`;
  return {
    outline,
    extra,
    labelBox: { x: left + width * 0.12, y: top + ry + 80, w: width * 0.76, h: height - ry * 2 - 130 },
    width,
    cx: CX,
    top: top - ry,
  };
}

function jar(product: Product, face: Face): Body {
  const width = parseInt(product.size.de, 10) >= 200 ? 430 : 380;
  const height = width * 1.45;
  const left = CX - width / 2;
  const right = CX + width / 2;
  const bottom = FLOOR - 8;
  const top = bottom - height;
  const lidHeight = 96;
  const neck = 26;
  const outline = `M ${left + 30} ${top + lidHeight + neck} L ${right - 30} ${top + lidHeight + neck} Q ${right} ${top + lidHeight + neck + 10} ${right} ${top + lidHeight + neck + 60} L ${right} ${bottom - 40} Q ${right} ${bottom} ${right - 40} ${bottom} L ${left + 40} ${bottom} Q ${left} ${bottom} ${left} ${bottom - 40} L ${left} ${top + lidHeight + neck + 60} Q ${left} ${top + lidHeight + neck + 10} ${left + 30} ${top + lidHeight + neck} Z`;
  let extra = `<rect x="${left + 24}" y="${top + lidHeight - 4}" width="${width - 48}" height="${neck + 8}" fill="#4a2c1a"/>`;
  extra += `<rect x="${left + 12}" y="${top}" width="${width - 24}" height="${lidHeight}" rx="14" fill="${product.brand.primary}"/>`;
  for (let index = 1; index < 28; index += 1)
    extra += `<rect x="${left + 12 + (index * (width - 24)) / 28}" y="${top + 8}" width="3" height="${lidHeight - 16}" fill="#000" opacity="0.14"/>`;
  extra += `<rect x="${left + 12}" y="${top}" width="${width - 24}" height="${lidHeight}" rx="14" fill="url(#volume)"/>`;
  if (face !== 'flat')
    extra += `<ellipse cx="${CX}" cy="${top + 4}" rx="${(width - 24) / 2}" ry="14" fill="${shade(product.brand.primary, 0.15)}"/>`;
  // Glass: a bright streak over the dark granules.
  extra += `<rect x="${left + 34}" y="${top + lidHeight + neck + 40}" width="26" height="${height - lidHeight - neck - 100}" rx="13" fill="#fff" opacity="0.22"/>`;
  return {
    outline,
    extra,
    labelBox: {
      x: left + 18,
      y: top + lidHeight + neck + 80,
      w: width - 36,
      h: height - lidHeight - neck - 150,
    },
    width,
    cx: CX,
    top: top - 14,
  };
}

function box(product: Product, face: Face): Body {
  const dims = { capsules: [600, 400, 150], pads: [470, 520, 150], teabox: [560, 360, 150] } as const;
  const [fullWidth, height, depth] = dims[product.shape as keyof typeof dims];
  const width = face === 'left' || face === 'right' ? depth * 1.3 : fullWidth;
  const dx = face === 'front' ? depth * 0.55 : 0;
  const dy = face === 'front' ? depth * 0.4 : 0;
  const left = CX - (width + dx) / 2;
  const right = left + width;
  const bottom = FLOOR - 10;
  const top = bottom - height;
  const outline = `M ${left} ${top} L ${right} ${top} L ${right} ${bottom} L ${left} ${bottom} Z`;
  let extra = '';
  if (dx > 0) {
    extra += `<path d="M ${left} ${top} L ${left + dx} ${top - dy} L ${right + dx} ${top - dy} L ${right} ${top} Z" fill="${shade(product.colour, 0.18)}"/>`;
    extra += `<path d="M ${right} ${top} L ${right + dx} ${top - dy} L ${right + dx} ${bottom - dy} L ${right} ${bottom} Z" fill="${shade(product.colour, -0.35)}"/>`;
  }
  return {
    outline,
    extra,
    labelBox: { x: left + width * 0.07, y: top + height * 0.07, w: width * 0.86, h: height * 0.86 },
    width: width + dx,
    cx: left + (width + dx) / 2,
    top: top - dy,
  };
}

/** Wide boxes put a product picture left of a narrower label. */
function boxFront(product: Product, body: Body, version: number): string {
  const { x, y, w, h } = body.labelBox;
  if (product.shape === 'pads') return frontLabel(product, x, y, w, h, version);
  const pictureWidth = w * 0.36;
  const picture: string[] = [];
  const pcx = x + pictureWidth / 2;
  const pcy = y + h / 2;
  if (product.shape === 'capsules') {
    for (let index = 0; index < 3; index += 1) {
      const cy = pcy - h * 0.27 + index * h * 0.27;
      const cx = pcx + (index % 2 === 0 ? -12 : 12);
      const metal = product.brand.accent;
      picture.push(
        `<path d="M ${cx - 44} ${cy - 30} L ${cx + 44} ${cy - 30} L ${cx + 26} ${cy + 30} Q ${cx} ${cy + 42} ${cx - 26} ${cy + 30} Z" fill="${metal}"/><ellipse cx="${cx}" cy="${cy - 30}" rx="50" ry="11" fill="${shade(metal, 0.45)}"/><path d="M ${cx - 30} ${cy - 20} L ${cx - 18} ${cy + 28}" stroke="#fff" stroke-width="8" opacity="0.35"/>`,
      );
    }
  } else {
    for (let index = 0; index < 3; index += 1) {
      const angle = -40 + index * 40;
      picture.push(
        `<g transform="rotate(${angle} ${pcx} ${pcy + 40})"><path d="M ${pcx} ${pcy + 40} C ${pcx - 40} ${pcy - 10} ${pcx - 20} ${pcy - 80} ${pcx} ${pcy - 110} C ${pcx + 20} ${pcy - 80} ${pcx + 40} ${pcy - 10} ${pcx} ${pcy + 40} Z" fill="${shade(product.brand.accent, index === 1 ? 0 : 0.3)}"/><path d="M ${pcx} ${pcy + 40} L ${pcx} ${pcy - 100}" stroke="#fff" stroke-width="3" opacity="0.6"/></g>`,
      );
    }
  }
  return `${picture.join('')}${frontLabel(product, x + pictureWidth, y, w - pictureWidth, h, version)}`;
}

/** Out of packaging: a pile of roasted beans, or cocoa powder in a bowl. */
function outOfPackaging(product: Product): string {
  const random = randomFor(`beans:${product.key}`);
  if (product.category === 'cocoa.powder') {
    return `${shadow(CX, 520)}<path d="M 340 760 Q 600 520 860 760 Z" fill="url(#powder)"/>
<path d="M 300 760 L 900 760 Q 880 1000 600 1000 Q 320 1000 300 760 Z" fill="#fbfbfb" stroke="#d8d8d8" stroke-width="4"/>
<ellipse cx="600" cy="760" rx="300" ry="40" fill="#6b3e26"/><ellipse cx="600" cy="760" rx="300" ry="40" fill="none" stroke="#e2e2e2" stroke-width="6"/>
<path d="M 380 760 Q 600 560 820 760 Z" fill="url(#powder)"/>`;
  }
  const beans: string[] = [];
  const browns = ['#4a2a17', '#5c3520', '#3b2114', '#6b3f24'];
  for (let index = 0; index < 420; index += 1) {
    // Denser towards the middle and the floor: a mound.
    const u = random() * 2 - 1;
    const x = CX + u * 380;
    const heightHere = Math.pow(1 - u * u, 1.3) * 300;
    const y = FLOOR - 40 - random() * heightHere;
    const angle = Math.round(random() * 360);
    const colour = browns[Math.floor(random() * browns.length)]!;
    beans.push(
      `<g transform="rotate(${angle} ${x.toFixed(1)} ${y.toFixed(1)})"><ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="34" ry="24" fill="${colour}"/><ellipse cx="${(x - 8).toFixed(1)}" cy="${(y - 8).toFixed(1)}" rx="14" ry="6" fill="#fff" opacity="0.12"/><path d="M ${(x - 28).toFixed(1)} ${y.toFixed(1)} Q ${x.toFixed(1)} ${(y - 10).toFixed(1)} ${(x + 28).toFixed(1)} ${y.toFixed(1)}" stroke="#1d0f08" stroke-width="5" fill="none"/></g>`,
    );
  }
  // Drawn from the back (top) to the front (bottom) so the front beans overlap.
  beans.sort((a, b) => Number(/cy="([\d.]+)"/.exec(a)![1]) - Number(/cy="([\d.]+)"/.exec(b)![1]));
  return `${shadow(CX, 640)}${beans.join('\n')}`;
}

const DEFS = `<defs>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.34"/><stop offset="0.6" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="metal" x1="0" x2="1"><stop offset="0" stop-color="#8c8c8c"/><stop offset="0.3" stop-color="#e6e6e6"/><stop offset="0.6" stop-color="#b5b5b5"/><stop offset="1" stop-color="#7a7a7a"/></linearGradient>
<radialGradient id="powder" cx="0.45" cy="0.3" r="0.8"><stop offset="0" stop-color="#8a5234"/><stop offset="1" stop-color="#4e2b18"/></radialGradient>
${volumeGradient('volume')}
</defs>`;

/** The complete SVG document of one packshot. */
export function packshotSvg(options: PackshotOptions): string {
  const { product, view, version, variant } = options;
  const background = options.transparent
    ? ''
    : `<rect width="${PACKSHOT_SIZE}" height="${PACKSHOT_SIZE}" fill="#ffffff"/>`;
  let content: string;
  if (view === 9) {
    content = outOfPackaging(product);
  } else {
    const face = faceOf(view);
    const isBox = product.shape === 'capsules' || product.shape === 'pads' || product.shape === 'teabox';
    const body =
      product.shape === 'bag'
        ? bag(product, face)
        : product.shape === 'pouch'
          ? pouch(product, face)
          : product.shape === 'can'
            ? can(product, face)
            : product.shape === 'jar'
              ? jar(product, face)
              : box(product, face);
    const fill = product.shape === 'jar' ? '#3a2216' : product.colour;
    const { x, y, w, h } = body.labelBox;
    let label: string;
    if (face === 'back') label = backLabel(product, x, y, w, h);
    else if (face === 'left' || face === 'right') label = sideLabel(product, x, y, w, h, face);
    else
      label =
        (isBox ? boxFront(product, body, version) : frontLabel(product, x, y, w, h, version)) +
        markers(product, body.labelBox, version, variant);
    const volume = isBox ? '' : `<path d="${body.outline}" fill="url(#volume)"/>`;
    // Packs of every size fill the picture alike: scaled up and centred on the canvas.
    const height = FLOOR + 40 - body.top;
    const scale = Math.min(1.3, 960 / height, 1000 / (body.width * 1.25));
    const middle = (body.top + FLOOR + 40) / 2;
    const place = `translate(${CX} ${PACKSHOT_SIZE / 2}) scale(${scale.toFixed(4)}) translate(${(-body.cx).toFixed(1)} ${(-middle).toFixed(1)})`;
    content = `<g transform="${place}">${shadow(body.cx, body.width)}<path d="${body.outline}" fill="${fill}"/>${body.extra}${label}${volume}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PACKSHOT_SIZE}" height="${PACKSHOT_SIZE}" viewBox="0 0 ${PACKSHOT_SIZE} ${PACKSHOT_SIZE}">${DEFS}${background}${content}</svg>`;
}
