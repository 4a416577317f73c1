import { type PresetFormat, type PresetSettings } from '@mediabox/contract';
import type { TFunction } from 'i18next';
import { hasQuality } from './preset-form';

/** Format names are the same in every language. */
export const PRESET_FORMAT_LABELS: Record<PresetFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  tiff: 'TIFF',
  webp: 'WebP',
};

/** Plain digits (no thousands separator), as pixel sizes are written: "1000 × 1000 px". */
const pixels = (settings: PresetSettings) => ({ width: settings.size.width, height: settings.size.height });

/**
 * A preset's settings on one line, for the list: "JPEG · 1000 × 1000 px on #ffffff · sRGB · 72 dpi ·
 * Quality 90 · Suffix _shop". The quality part is left out for formats whose quality a preset does not
 * set; the upscaling part only appears when the preset enlarges or refuses small sources.
 */
export function presetSummary(settings: PresetSettings, t: TFunction, lang: string): string {
  const { size } = settings;
  const parts = [
    PRESET_FORMAT_LABELS[settings.format],
    size.mode === 'pad'
      ? t('admin.presets.summary.pad', { ...pixels(settings), background: size.background })
      : t(`admin.presets.summary.${size.mode}`, pixels(settings)),
    t(`admin.presets.colourSpaces.${settings.colourSpace}`),
    t('admin.presets.summary.dpi', { dpi: settings.dpi }),
  ];
  if (hasQuality(settings.format)) {
    parts.push(
      settings.maxBytes === null
        ? t('admin.presets.summary.quality', { quality: settings.quality })
        : t('admin.presets.summary.maxBytes', {
            megabytes: (settings.maxBytes / 1_000_000).toLocaleString(lang, { maximumFractionDigits: 2 }),
          }),
    );
  }
  if (settings.allowUpscale) parts.push(t('admin.presets.summary.allowUpscale'));
  if (settings.refuseUpscaling) parts.push(t('admin.presets.summary.refuseUpscaling'));
  parts.push(t('admin.presets.summary.suffix', { suffix: settings.fileSuffix }));
  return parts.join(' · ');
}
