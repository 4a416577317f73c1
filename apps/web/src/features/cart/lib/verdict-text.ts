import type { CartPresetChoice, ConversionVerdict } from '@mediabox/contract';

/**
 * What a chosen preset would do to one source (issue 21.3), as a translation key with its values,
 * and how serious it is (the icon). The colour spaces come as libvips names; people know them as
 * RGB, CMYK and greyscale.
 */
export interface VerdictLine {
  key: string;
  values: Record<string, string | number>;
  tone: 'fine' | 'warning' | 'refused';
}

const RGB = new Set(['srgb', 'rgb', 'rgb16', 'scrgb']);
const GREY = new Set(['b-w', 'grey16', 'grey', 'gray']);

/** A colour space as a word: RGB, CMYK, a translation key for greyscale, or the name as it came. */
export function colourWord(space: string, translate: (key: string) => string): string {
  const name = space.trim().toLowerCase();
  if (RGB.has(name)) return 'RGB';
  if (name === 'cmyk') return 'CMYK';
  if (GREY.has(name)) return translate('conversions.verdicts.grey');
  return space.toUpperCase();
}

const size = (pixels: { width: number; height: number }) => `${pixels.width} × ${pixels.height}`;

function verdictLine(verdict: ConversionVerdict, translate: (key: string) => string): VerdictLine {
  switch (verdict.kind) {
    case 'upscaled':
      return {
        key: verdict.enlarged ? 'conversions.verdicts.upscaled' : 'conversions.verdicts.smaller',
        values: { source: size(verdict.source), needed: size(verdict.needed) },
        tone: 'warning',
      };
    case 'colourConverted':
      return {
        key: 'conversions.verdicts.colourConverted',
        values: { from: colourWord(verdict.from, translate), to: colourWord(verdict.to, translate) },
        tone: 'warning',
      };
    case 'alphaFlattened':
      return {
        key: 'conversions.verdicts.alphaFlattened',
        values: { background: verdict.background },
        tone: 'warning',
      };
    case 'rasterised':
      return { key: 'conversions.verdicts.rasterised', values: { size: size(verdict) }, tone: 'warning' };
  }
}

/**
 * The lines shown under a chosen preset. A refused item says only why it is left out (the upscaled
 * verdict's sizes); one without verdicts is simply fine.
 */
export function verdictLines(choice: CartPresetChoice, translate: (key: string) => string): VerdictLine[] {
  if (choice.refused) {
    const upscaled = choice.verdicts.find((verdict) => verdict.kind === 'upscaled');
    return [
      upscaled
        ? {
            key: 'conversions.verdicts.refused',
            values: { source: size(upscaled.source), needed: size(upscaled.needed) },
            tone: 'refused',
          }
        : { key: 'conversions.verdicts.refusedPlain', values: {}, tone: 'refused' },
    ];
  }
  if (choice.verdicts.length === 0) return [{ key: 'conversions.verdicts.fine', values: {}, tone: 'fine' }];
  return choice.verdicts.map((verdict) => verdictLine(verdict, translate));
}
