/**
 * GS1 facts the portal relies on (see DESIGN.md): GTIN check digits, GTIN-14 padding, and the
 * file names of the GS1 Product Image Specification `{GTIN-14}_{type}{facing}{angle}{state}`.
 */

/** GS1 mod-10 check digit of the digits before it: weights 3, 1, 3, … from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = Number(body[body.length - 1 - index]);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for a GTIN-8, -12, -13 or -14 (digits only) whose last digit is its check digit. */
export function isValidGtin(value: string): boolean {
  if (!/^\d+$/.test(value) || ![8, 12, 13, 14].includes(value.length)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/**
 * Why a typed GTIN is not one: 'format' unless 8, 12, 13 or 14 digits, 'checkDigit' when the last
 * digit is wrong (then `expected` is the right one, for a message that helps fix it).
 */
export function gtinProblem(
  value: string,
): { reason: 'format' } | { reason: 'checkDigit'; expected: number } | undefined {
  if (!/^\d+$/.test(value) || ![8, 12, 13, 14].includes(value.length)) return { reason: 'format' };
  const expected = gtinCheckDigit(value.slice(0, -1));
  return expected === Number(value.at(-1)) ? undefined : { reason: 'checkDigit', expected };
}

/** GTIN-8/12/13 padded with leading zeros to the 14 digits GS1 file names use. */
export function toGtin14(value: string): string {
  return value.padStart(14, '0');
}

/** The numeric form under which 8, 12, 13 and 14-digit spellings of one GTIN are equal. */
export function gtinNumber(value: string): number {
  return Number(value.replace(/^0+/, '') || '0');
}

/** GS1 image types: A primary web, B alternate, C high resolution / planogram, D supporting, E 360° frames. */
export const GS1_IMAGE_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
/** Facings: 1 front, 2 left, 3 top, 7 back, 8 right, 9 bottom, 0 not applicable. */
export const GS1_FACINGS = ['0', '1', '2', '3', '7', '8', '9'] as const;
/** Angles: C centre, L left, R right, N no plunge (flat). */
export const GS1_ANGLES = ['C', 'L', 'R', 'N'] as const;
/** States: 1 in packaging, 0 out of packaging, A shipping case, B inner pack, M open case, P pallet/display. */
export const GS1_STATES = ['0', '1', 'A', 'B', 'M', 'P'] as const;

export interface Gs1View {
  type: (typeof GS1_IMAGE_TYPES)[number];
  facing: (typeof GS1_FACINGS)[number];
  angle: (typeof GS1_ANGLES)[number];
  state: (typeof GS1_STATES)[number];
}

export const gs1ViewCode = (view: Gs1View): string => `${view.type}${view.facing}${view.angle}${view.state}`;

/**
 * The portal's image categories (custom field 102) and the GS1 view each stands for.
 * Categories 1–8 are the views of the spec; 9–12 are further GS1 states of the front.
 */
export const IMAGE_CATEGORIES = {
  1: {
    code: 'C1C1',
    name: { de: 'Vorderseite mit Perspektive', en: 'Front with perspective', fr: 'Face avec perspective' },
  },
  2: { code: 'C2C1', name: { de: 'Linke Seite', en: 'Left side', fr: 'Côté gauche' } },
  3: { code: 'C8C1', name: { de: 'Rechte Seite', en: 'Right side', fr: 'Côté droit' } },
  4: {
    code: 'C1N1',
    name: { de: 'Vorderseite frontal', en: 'Front, no perspective', fr: 'Face sans perspective' },
  },
  5: { code: 'C7C1', name: { de: 'Rückseite', en: 'Back', fr: 'Dos' } },
  6: { code: 'C2N1', name: { de: 'Seiten', en: 'Sides', fr: 'Côtés' } },
  7: { code: 'C9C1', name: { de: 'Unterseite', en: 'Bottom', fr: 'Dessous' } },
  8: { code: 'C3C1', name: { de: 'Oberseite', en: 'Top', fr: 'Dessus' } },
  9: { code: 'C1C0', name: { de: 'Ohne Verpackung', en: 'Out of packaging', fr: 'Hors emballage' } },
  10: { code: 'C1CA', name: { de: 'Versandkarton', en: 'Shipping case', fr: 'Carton d’expédition' } },
  11: { code: 'C1CB', name: { de: 'Innenverpackung', en: 'Inner pack', fr: 'Emballage intérieur' } },
  12: { code: 'C1CP', name: { de: 'Display / Palette', en: 'Display / pallet', fr: 'Présentoir / palette' } },
} as const;
export type ImageCategory = keyof typeof IMAGE_CATEGORIES;

export function imageCategoryOfCode(code: string): ImageCategory | undefined {
  const entry = Object.entries(IMAGE_CATEGORIES).find(([, category]) => category.code === code.toUpperCase());
  return entry ? (Number(entry[0]) as ImageCategory) : undefined;
}

const GS1_FILE_NAME = /^(\d{8}|\d{12,14})_([A-E])([0-9])([CLRN])([01ABMP])((?:_[^._]*)*)\.[A-Za-z0-9]+$/;
/** Suffix parts the portal reads: `_s{version}` and `_v{variant}` (as in its own short links). */
const VERSION_PART = /^s(\d{1,6})$/;
const VARIANT_PART = /^v(\d{1,6})$/;

export interface Gs1FileName {
  gtin: string;
  view: Gs1View;
  code: string;
  /** From a `_s02` suffix part; absent when the name has none. */
  version?: number;
  /** From a `_v01` suffix part. */
  variant?: number;
}

/**
 * Reads GTIN and view from a GS1 file name such as `04006067084218_C1C1.jpg`, and version and
 * variant from optional suffix parts (`04006067084218_C1C1_s02_v01.jpg`); other suffix parts are
 * allowed and ignored. Undefined when the name is none.
 */
export function parseGs1FileName(fileName: string): Gs1FileName | undefined {
  const match = GS1_FILE_NAME.exec(fileName);
  if (!match || !isValidGtin(match[1]!)) return undefined;
  const view = { type: match[2], facing: match[3], angle: match[4], state: match[5] } as Gs1View;
  if (!(GS1_FACINGS as readonly string[]).includes(view.facing)) return undefined;
  const parsed: Gs1FileName = { gtin: toGtin14(match[1]!), view, code: gs1ViewCode(view) };
  for (const part of match[6]!.split('_').slice(1)) {
    const version = VERSION_PART.exec(part);
    const variant = VARIANT_PART.exec(part);
    if (version && Number(version[1]) > 0) parsed.version = Number(version[1]);
    if (variant && Number(variant[1]) > 0) parsed.variant = Number(variant[1]);
  }
  return parsed;
}

/**
 * The portal's short image links: `/gs1/{gtin}_{category}_s{version}_v{variant}-{slug}.jpg`,
 * GTIN padded to 14, version and variant to 2 (spec 2.5).
 */
export function gs1ShortLink(input: {
  gtin: string;
  category: number;
  version: number;
  variant: number;
  name: string;
}) {
  const pad2 = (value: number) => String(value).padStart(2, '0');
  return `/gs1/${toGtin14(input.gtin)}_${input.category}_s${pad2(input.version)}_v${pad2(input.variant)}-${slugify(input.name)}.jpg`;
}

const SHORT_LINK = /^(\d{14})_(\d{1,2})_s(\d{2,})_v(\d{2,})-([a-z0-9-]*)\.jpg$/;

export function parseGs1ShortLink(
  name: string,
): { gtin: string; category: number; version: number; variant: number; slug: string } | undefined {
  const match = SHORT_LINK.exec(name);
  if (!match || !isValidGtin(match[1]!)) return undefined;
  return {
    gtin: match[1]!,
    category: Number(match[2]),
    version: Number(match[3]),
    variant: Number(match[4]),
    slug: match[5]!,
  };
}

/** Lower-case ASCII words joined by hyphens: umlauts spelled out, accents dropped. */
export function slugify(value: string): string {
  return value
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'ae')
    .replace(/Ö/g, 'oe')
    .replace(/Ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
