import type { Advert } from './demo-catalogue.js';
import { productName } from './demo-catalogue.js';
import { starPoints } from './logo-art.js';
import { fitSize, type Drawing, type Shape } from './vector-drawing.js';

/** Advertising templates: an A4 advert and a shelf talker with a packshot placeholder and a price burst. */

const TEXT = {
  de: {
    placeholder: 'Platz für Packshot',
    available: 'Jetzt im Handel.',
    footer: 'Nordstern Kaffee GmbH · nordstern-kaffee.example',
  },
  fr: {
    placeholder: 'Emplacement packshot',
    available: 'Disponible dès maintenant.',
    footer: 'Nordstern Kaffee GmbH · nordstern-kaffee.example',
  },
};

function priceBurst(cx: number, cy: number, r: number, price: string, colour: string): Shape[] {
  return [
    { type: 'path', d: starPoints(cx, cy, r, r * 0.84, 18), fill: colour },
    {
      type: 'text',
      x: cx,
      y: cy + r * 0.14,
      size: fitSize(price, r * 1.4, r * 0.42),
      text: price,
      fill: '#ffffff',
      font: 'sans-bold',
      anchor: 'middle',
    },
  ];
}

function placeholder(x: number, y: number, w: number, h: number, label: string, product: string): Shape[] {
  return [
    { type: 'rect', x, y, w, h, fill: '#f4f1ec', stroke: '#9a9a9a', lineWidth: 2, dash: [10, 6] },
    {
      type: 'path',
      d: [
        ['M', x, y],
        ['L', x + w, y + h],
        ['M', x + w, y],
        ['L', x, y + h],
      ],
      stroke: '#d6d1c8',
      lineWidth: 1,
    },
    {
      type: 'text',
      x: x + w / 2,
      y: y + h / 2 - 6,
      size: fitSize(label, w * 0.8, 20),
      text: label,
      fill: '#777777',
      font: 'sans-bold',
      anchor: 'middle',
    },
    {
      type: 'text',
      x: x + w / 2,
      y: y + h / 2 + 20,
      size: fitSize(product, w * 0.9, 13, false),
      text: product,
      fill: '#777777',
      font: 'sans',
      anchor: 'middle',
    },
  ];
}

export function advertDrawing(advert: Advert): Drawing {
  const { product, language } = advert;
  const text = TEXT[language];
  const name = productName(product)[language];
  const brand = product.brand;
  if (advert.format === 'shelf') {
    const width = 420;
    const height = 210;
    return {
      width,
      height,
      shapes: [
        { type: 'rect', x: 0, y: 0, w: width, h: height, fill: '#ffffff' },
        { type: 'rect', x: 0, y: 0, w: 150, h: height, fill: brand.primary },
        {
          type: 'text',
          x: 75,
          y: 60,
          size: fitSize(brand.name, 130, 22),
          text: brand.name,
          fill: '#ffffff',
          font: brand.serif ? 'serif-bold' : 'sans-bold',
          anchor: 'middle',
        },
        { type: 'rect', x: 30, y: 72, w: 90, h: 4, fill: brand.accent },
        ...placeholder(25, 90, 100, 100, text.placeholder.split(' ')[0]!, ''),
        {
          type: 'text',
          x: 170,
          y: 58,
          size: fitSize(advert.headline, 230, 20),
          text: advert.headline,
          fill: brand.primary,
          font: 'sans-bold',
        },
        {
          type: 'text',
          x: 170,
          y: 86,
          size: fitSize(name, 230, 12, false),
          text: name,
          fill: '#333333',
          font: 'sans',
        },
        { type: 'text', x: 170, y: 106, size: 11, text: text.available, fill: '#555555', font: 'sans' },
        ...priceBurst(340, 150, 52, advert.price, '#c8281e'),
      ],
    };
  }
  const width = 595;
  const height = 842;
  const headlineSize = fitSize(advert.headline, 515, 40);
  return {
    width,
    height,
    shapes: [
      { type: 'rect', x: 0, y: 0, w: width, h: height, fill: '#ffffff' },
      { type: 'rect', x: 0, y: 0, w: width, h: 190, fill: brand.primary },
      { type: 'rect', x: 0, y: 190, w: width, h: 8, fill: brand.accent },
      {
        type: 'text',
        x: 40,
        y: 80,
        size: 18,
        text: brand.name.toUpperCase(),
        fill: brand.accent,
        font: brand.serif ? 'serif-bold' : 'sans-bold',
      },
      {
        type: 'text',
        x: 40,
        y: 80 + 30 + headlineSize,
        size: headlineSize,
        text: advert.headline,
        fill: '#ffffff',
        font: 'sans-bold',
      },
      ...placeholder(90, 250, 330, 360, text.placeholder, name),
      ...priceBurst(455, 600, 88, advert.price, '#c8281e'),
      {
        type: 'text',
        x: 40,
        y: 700,
        size: fitSize(name, 515, 22),
        text: name,
        fill: brand.primary,
        font: 'sans-bold',
      },
      { type: 'text', x: 40, y: 730, size: 14, text: text.available, fill: '#444444', font: 'sans' },
      { type: 'rect', x: 0, y: 782, w: width, h: 60, fill: '#2b2b2b' },
      { type: 'text', x: 40, y: 818, size: 11, text: text.footer, fill: '#ffffff', font: 'sans' },
    ],
  };
}
