import { describe, expect, it } from 'vitest';
import { deliveredItemNames, deliveredName, deliveredNames, type DeliveredAsset } from './delivered-names.js';

const asset = (changes: Partial<DeliveredAsset> = {}): DeliveredAsset => ({
  gtin: null,
  image_category: null,
  version: null,
  variant: null,
  name_de: 'Espresso',
  name_en: null,
  name_fr: null,
  ...changes,
});
const gs1 = (version: number | null, variant: number | null) =>
  asset({ gtin: '4000000108245', image_category: 1, version, variant });
const file = (fileName: string) => ({ fileName });

describe('deliveredName', () => {
  it('is the full GS1 image name: GTIN-14, view, version and variant padded to 2, the format’s extension', () => {
    expect(deliveredName(gs1(2, 1), file('04000000108245_C1C1_s02_v01.JPG'), 'de')).toBe(
      '04000000108245_C1C1_s02_v01.jpg',
    );
    // Unset version and variant count as 1, as in the GS1 short links.
    expect(deliveredName(gs1(null, null), file('upload.jpg'), 'de')).toBe('04000000108245_C1C1_s01_v01.jpg');
    expect(deliveredName(gs1(3, 12), file('x.tif'), 'de')).toBe('04000000108245_C1C1_s03_v12.tif');
  });

  it('is the GTIN-14 without a view, else the asset’s name in the language (German when missing)', () => {
    expect(deliveredName(asset({ gtin: '4000000108245' }), file('a.png'), 'de')).toBe('04000000108245.png');
    expect(deliveredName(asset({ name_en: 'Coffee' }), file('espresso.jpg'), 'en')).toBe('Coffee.jpg');
    expect(deliveredName(asset(), file('espresso.jpg'), 'fr')).toBe('Espresso.jpg');
    expect(deliveredName(asset({ name_de: '  ' }), file('espresso.eps'), 'de')).toBe('espresso.eps');
  });
});

describe('deliveredNames', () => {
  it('gives every file of a delivery its own name, per item and file, case and Unicode form ignored', () => {
    const items = [
      { asset: gs1(2, 1), files: [file('a.jpg'), file('a.tif')] },
      { asset: asset(), files: [file('espresso.jpg')] },
      { asset: gs1(2, 1), files: [file('b.JPG')] },
      { asset: asset({ name_de: 'ESPRESSO' }), files: [file('x.jpg')] },
      { asset: asset({ name_de: 'Gru\u0308n' }), files: [file('x.jpg')] },
      { asset: asset({ name_de: 'Gr\u00fcn' }), files: [file('x.jpg')] },
      { asset: gs1(2, 2), files: [] },
    ];
    expect(deliveredNames(items, 'de')).toEqual([
      ['04000000108245_C1C1_s02_v01.jpg', '04000000108245_C1C1_s02_v01.tif'],
      ['Espresso.jpg'],
      ['04000000108245_C1C1_s02_v01 (2).jpg'],
      ['ESPRESSO (2).jpg'],
      ['Gr\u00fcn.jpg'],
      ['Gr\u00fcn (2).jpg'],
      [],
    ]);
    const flat = deliveredNames(items, 'de').flat();
    expect(new Set(flat.map((name) => name.toLowerCase())).size).toBe(flat.length);
  });

  it('is deterministic: the same items in the same order always get the same names', () => {
    const items = () =>
      [1, 2, 1, 1, 2].map((variant) => ({ asset: gs1(1, variant), files: [file('x.jpg')] }));
    expect(deliveredNames(items(), 'de')).toEqual(deliveredNames(items(), 'de'));
    expect(deliveredNames(items(), 'de').flat()).toEqual([
      '04000000108245_C1C1_s01_v01.jpg',
      '04000000108245_C1C1_s01_v02.jpg',
      '04000000108245_C1C1_s01_v01 (2).jpg',
      '04000000108245_C1C1_s01_v01 (3).jpg',
      '04000000108245_C1C1_s01_v02 (2).jpg',
    ]);
  });

  it('never takes a name another file has by its own rule', () => {
    const items = [
      { asset: asset({ name_de: 'Logo' }), files: [file('a.eps')] },
      { asset: asset({ name_de: 'Logo' }), files: [file('b.eps')] },
      { asset: asset({ name_de: 'Logo (2)' }), files: [file('c.eps')] },
    ];
    expect(deliveredNames(items, 'de').flat()).toEqual(['Logo.eps', 'Logo (3).eps', 'Logo (2).eps']);
  });
});

describe('deliveredItemNames', () => {
  it('names a conversion after its source with the preset’s suffix and format, unique with the originals', () => {
    const items = [
      {
        asset: gs1(2, 1),
        files: [file('a.jpg')],
        conversions: [
          { source: file('a.tif'), fileSuffix: '_shop', format: 'jpeg' as const },
          { source: file('a.tif'), fileSuffix: '_print', format: 'tiff' as const },
        ],
      },
      {
        asset: asset(),
        files: [],
        conversions: [{ source: file('x.eps'), fileSuffix: '_web', format: 'webp' as const }],
      },
      // Its original is named first: it keeps its name, the conversion gets " (2)".
      { asset: asset({ name_de: 'Espresso_web' }), files: [file('y.webp')] },
    ];
    expect(deliveredItemNames(items, 'de')).toEqual([
      {
        files: ['04000000108245_C1C1_s02_v01.jpg'],
        conversions: ['04000000108245_C1C1_s02_v01_shop.jpg', '04000000108245_C1C1_s02_v01_print.tif'],
      },
      { files: [], conversions: ['Espresso_web (2).webp'] },
      { files: ['Espresso_web.webp'], conversions: [] },
    ]);
  });
});
