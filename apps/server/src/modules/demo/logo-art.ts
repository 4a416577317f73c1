import type { Brand, Emblem } from './demo-products.js';
import type { LogoStyle, Seal } from './demo-catalogue.js';
import { textWidth, type PathCommand, type Shape, type Drawing } from './vector-drawing.js';

/** Brand logos and quality seals as vector drawings (see vector-drawing.ts): EPS and JPEG agree. */

function starPoints(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
  turn = -90,
): PathCommand[] {
  const commands: PathCommand[] = [];
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = ((turn + (index * 180) / points) * Math.PI) / 180;
    commands.push([index === 0 ? 'M' : 'L', cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  commands.push(['Z']);
  return commands;
}

export { starPoints };

/** The white symbol inside the round emblem, r = emblem radius. */
function emblemShapes(
  emblem: Emblem,
  cx: number,
  cy: number,
  r: number,
  ink: string,
  accent: string,
): Shape[] {
  switch (emblem) {
    case 'star':
      return [{ type: 'path', d: starPoints(cx, cy, r * 0.62, r * 0.26, 5), fill: ink }];
    case 'sun': {
      const rays: Shape[] = [];
      for (let index = 0; index < 9; index += 1) {
        const angle = Math.PI + (index * Math.PI) / 8;
        rays.push({
          type: 'path',
          d: [
            ['M', cx + Math.cos(angle) * r * 0.42, cy + r * 0.15 + Math.sin(angle) * r * 0.42],
            ['L', cx + Math.cos(angle) * r * 0.7, cy + r * 0.15 + Math.sin(angle) * r * 0.7],
          ],
          stroke: ink,
          lineWidth: r * 0.08,
        });
      }
      return [
        ...rays,
        {
          type: 'path',
          d: [
            ['M', cx - r * 0.32, cy + r * 0.15],
            ['C', cx - r * 0.32, cy - r * 0.28, cx + r * 0.32, cy - r * 0.28, cx + r * 0.32, cy + r * 0.15],
            ['Z'],
          ],
          fill: accent,
        },
        { type: 'rect', x: cx - r * 0.62, y: cy + r * 0.22, w: r * 1.24, h: r * 0.08, fill: ink },
      ];
    }
    case 'mountain':
      return [
        {
          type: 'path',
          d: [
            ['M', cx - r * 0.7, cy + r * 0.4],
            ['L', cx - r * 0.2, cy - r * 0.45],
            ['L', cx + r * 0.05, cy - r * 0.05],
            ['L', cx + r * 0.25, cy - r * 0.3],
            ['L', cx + r * 0.7, cy + r * 0.4],
            ['Z'],
          ],
          fill: ink,
        },
        {
          type: 'path',
          d: [
            ['M', cx - r * 0.34, cy - r * 0.21],
            ['L', cx - r * 0.2, cy - r * 0.45],
            ['L', cx - r * 0.06, cy - r * 0.21],
            ['L', cx - r * 0.2, cy - r * 0.28],
            ['Z'],
          ],
          fill: accent,
        },
      ];
    case 'wave':
      return [0, 1, 2].map((row) => {
        const y = cy - r * 0.3 + row * r * 0.3;
        return {
          type: 'path' as const,
          d: [
            ['M', cx - r * 0.62, y],
            ['C', cx - r * 0.4, y - r * 0.22, cx - r * 0.2, y + r * 0.22, cx, y],
            ['C', cx + r * 0.2, y - r * 0.22, cx + r * 0.4, y + r * 0.22, cx + r * 0.62, y],
          ],
          stroke: row === 1 ? accent : ink,
          lineWidth: r * 0.1,
        };
      });
    case 'leaf':
      return [
        {
          type: 'path',
          d: [
            ['M', cx - r * 0.5, cy + r * 0.45],
            ['C', cx - r * 0.55, cy - r * 0.2, cx, cy - r * 0.6, cx + r * 0.55, cy - r * 0.5],
            ['C', cx + r * 0.5, cy + r * 0.1, cx, cy + r * 0.5, cx - r * 0.5, cy + r * 0.45],
            ['Z'],
          ],
          fill: ink,
        },
        {
          type: 'path',
          d: [
            ['M', cx - r * 0.5, cy + r * 0.45],
            ['C', cx - r * 0.1, cy + r * 0.05, cx + r * 0.2, cy - r * 0.2, cx + r * 0.45, cy - r * 0.42],
          ],
          stroke: accent,
          lineWidth: r * 0.06,
        },
      ];
    case 'bean':
      return [
        {
          type: 'path',
          d: [
            ['M', cx, cy - r * 0.62],
            ['C', cx + r * 0.55, cy - r * 0.62, cx + r * 0.55, cy + r * 0.62, cx, cy + r * 0.62],
            ['C', cx - r * 0.55, cy + r * 0.62, cx - r * 0.55, cy - r * 0.62, cx, cy - r * 0.62],
            ['Z'],
          ],
          fill: ink,
        },
        {
          type: 'path',
          d: [
            ['M', cx - r * 0.02, cy - r * 0.5],
            ['C', cx + r * 0.2, cy - r * 0.15, cx - r * 0.2, cy + r * 0.15, cx + r * 0.02, cy + r * 0.5],
          ],
          stroke: accent,
          lineWidth: r * 0.09,
        },
      ];
  }
}

/** Emblem + word mark, 520 × 160 pt. */
export function logoDrawing(brand: Brand, style: LogoStyle): Drawing {
  const width = 520;
  const height = 160;
  const main = style === 'colour' ? brand.primary : style === 'black' ? '#000000' : '#ffffff';
  const accent = style === 'colour' ? brand.accent : style === 'black' ? '#000000' : brand.accent;
  const emblemInk = style === 'negative' ? brand.primary : '#ffffff';
  const emblemAccent = style === 'black' ? '#ffffff' : brand.accent;
  const size = Math.min(64, 320 / (brand.name.length * 0.62));
  const shapes: Shape[] = [];
  if (style === 'negative')
    shapes.push({ type: 'rect', x: 0, y: 0, w: width, h: height, fill: brand.primary });
  shapes.push({ type: 'circle', cx: 82, cy: 80, r: 62, fill: main });
  shapes.push(...emblemShapes(brand.emblem, 82, 80, 62, emblemInk, emblemAccent));
  shapes.push({
    type: 'text',
    x: 166,
    y: 80 + size * 0.32,
    size,
    text: brand.name,
    fill: main,
    font: brand.serif ? 'serif-bold' : 'sans-bold',
  });
  const underline = Math.min(width - 190, textWidth(brand.name, size, true) * 0.92);
  shapes.push({ type: 'rect', x: 168, y: 80 + size * 0.32 + 16, w: underline, h: 6, fill: accent });
  return { width, height, shapes };
}

/** Round badge, 220 × 220 pt: ring text set letter by letter around the top. */
export function sealDrawing(seal: Seal, style: LogoStyle): Drawing {
  const size = 220;
  const c = size / 2;
  const colour = style === 'black' ? '#000000' : seal.colour;
  const shapes: Shape[] = [
    { type: 'circle', cx: c, cy: c, r: 104, fill: colour },
    { type: 'circle', cx: c, cy: c, r: 96, stroke: '#ffffff', lineWidth: 3 },
    { type: 'circle', cx: c, cy: c, r: 62, fill: '#ffffff' },
  ];
  const letters = [...seal.ring];
  const step = Math.min(13, 176 / letters.length);
  letters.forEach((letter, index) => {
    const angle = -90 + (index - (letters.length - 1) / 2) * step;
    const radians = (angle * Math.PI) / 180;
    shapes.push({
      type: 'text',
      x: c + Math.cos(radians) * 72,
      y: c + Math.sin(radians) * 72,
      size: 15,
      text: letter,
      fill: '#ffffff',
      font: 'sans-bold',
      anchor: 'middle',
      rotate: angle + 90,
    });
  });
  for (const angle of [60, 90, 120]) {
    const radians = (angle * Math.PI) / 180;
    shapes.push({
      type: 'path',
      d: starPoints(c + Math.cos(radians) * 79, c + Math.sin(radians) * 79, 9, 4, 5),
      fill: '#ffffff',
    });
  }
  shapes.push({
    type: 'text',
    x: c,
    y: c + 14,
    size: Math.min(40, 100 / (seal.centre.length * 0.6)),
    text: seal.centre,
    fill: colour,
    font: 'serif-bold',
    anchor: 'middle',
  });
  return { width: size, height: size, shapes };
}
