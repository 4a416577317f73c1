import type { CartPresetChoice, Preset, PresetSettings } from '@mediabox/contract';

/** Contract-shaped presets for the asset page's and the cart's tests (issue 21.2). */

const SETTINGS: PresetSettings = {
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: true,
  refuseUpscaling: false,
  colourSpace: 'srgb',
  dpi: 72,
  quality: 85,
  maxBytes: null,
  fileSuffix: 'shop',
};

/** An active preset; `names` default to "Onlineshop" / "Online shop" / "Boutique en ligne". */
export function preset(
  id: number,
  names: Preset['name'] = { de: 'Onlineshop', en: 'Online shop', fr: 'Boutique en ligne' },
  settings: Partial<PresetSettings> = {},
): Preset {
  return {
    id,
    shippedKey: null,
    name: names,
    version: 1,
    retired: false,
    settings: { ...SETTINGS, ...settings },
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
  };
}

/** A preset chosen for a cart item, fine (no verdicts) unless `changes` say otherwise. */
export function presetChoice(of: Preset, changes: Partial<CartPresetChoice> = {}): CartPresetChoice {
  return {
    presetId: of.id,
    version: of.version,
    name: of.name,
    sourceFileId: 10,
    output: {
      format: of.settings.format,
      width: of.settings.size.width,
      height: of.settings.size.height,
      colourSpace: of.settings.colourSpace,
      dpi: of.settings.dpi,
    },
    fileName: `file_${of.settings.fileSuffix}.jpg`,
    verdicts: [],
    refused: false,
    ...changes,
  };
}
