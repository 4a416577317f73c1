import type { CartPresetChoice, Preset } from '@mediabox/contract';
import type { FileRow } from '../catalogue/catalogue.repository.js';
import { assessConversion } from '../media/conversion/assess-conversion.js';
import { planConversion } from '../media/conversion/conversion-plan.js';
import { bestSourceFor, pictureKindOf } from './best-source.js';
import { conversionSpecOfPreset } from '../media/conversion/conversion-spec-of-preset.js';

/** A preset chosen for a cart item, judged (issue 21.3); named later, with the whole delivery. */
export type JudgedPresetChoice = Omit<CartPresetChoice, 'fileName'> & {
  /** The file the conversion starts from (its blob is what a bundle entry names). */
  source: FileRow;
};

/**
 * What `preset` would deliver of an asset with these current files, decided from the stored facts
 * alone, before anything is made: the best source, the planned output (the pixel size the file will
 * have: the converter follows the same plan), the verdicts and whether the preset refuses it.
 * Undefined when the asset has no picture a preset could start from.
 */
export function judgePresetChoice(files: readonly FileRow[], preset: Preset): JudgedPresetChoice | undefined {
  const { settings } = preset;
  const spec = conversionSpecOfPreset(settings);
  const source = bestSourceFor(files, spec);
  if (!source) return undefined;
  const kind = pictureKindOf(source.mimeType)!;
  const verdicts = assessConversion(
    {
      kind,
      mimeType: source.mimeType,
      width: source.width,
      height: source.height,
      colorspace: source.colorspace,
      // An alpha channel saved fully opaque has nothing to flatten: the probe's `transparent` says
      // whether any pixel shows through (rows from before it know only the channel).
      hasAlpha: source.transparent ?? source.hasAlpha ?? false,
    },
    spec,
  );
  const canvas =
    source.width !== null && source.height !== null
      ? planConversion({ width: source.width, height: source.height, vector: kind !== 'raster' }, spec).canvas
      : { width: settings.size.width, height: settings.size.height };
  return {
    presetId: preset.id,
    version: preset.version,
    name: preset.name,
    sourceFileId: source.id,
    source,
    output: {
      format: settings.format,
      width: canvas.width,
      height: canvas.height,
      colourSpace: settings.colourSpace,
      // WebP has no field for a resolution: none is delivered.
      dpi: settings.format === 'webp' ? null : settings.dpi,
    },
    verdicts,
    refused: settings.refuseUpscaling && verdicts.some((verdict) => verdict.kind === 'upscaled'),
  };
}
