/**
 * The colour space as people know it. The server passes on what the image library reports
 * (lower-case names such as "srgb", "cmyk", "b-w"); only the grey ones are words, so only they
 * are translated.
 */
const NAMES: Record<string, string> = {
  srgb: 'sRGB',
  scrgb: 'scRGB',
  rgb: 'RGB',
  rgb16: 'RGB',
  cmyk: 'CMYK',
  lab: 'Lab',
  labs: 'Lab',
  labq: 'Lab',
};
const GREY = new Set(['b-w', 'grey16', 'gray', 'grey']);

export function colorspaceLabel(value: string, translate: (key: string) => string): string {
  const space = value.trim().toLowerCase();
  if (GREY.has(space)) return translate('asset.colorspaces.grayscale');
  return NAMES[space] ?? value.toUpperCase();
}
