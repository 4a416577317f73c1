import {
  CreatePresetRequest,
  LANGUAGES,
  QUALITY_FORMATS,
  type Preset,
  type PresetColourSpace,
  type PresetFormat,
  type PresetSettings,
  type PresetSizeMode,
  type UpdatePresetRequest,
} from '@mediabox/contract';
import { schemaFieldErrors, type FieldErrors } from './field-errors';

/** How a JPEG's compression is chosen: a fixed quality, or the largest quality under a file size. */
export type JpegTarget = 'quality' | 'size';

/**
 * What the preset form edits. Numbers are kept as typed (strings), so a half-typed value is not lost
 * or turned into 0 while the admin types; they become numbers only when the form is checked.
 */
export interface PresetFormValues {
  name: { de: string; en: string; fr: string };
  format: PresetFormat;
  mode: PresetSizeMode;
  width: string;
  height: string;
  /** Kept when another mode is chosen, so switching back to pad finds the colour again. */
  background: string;
  allowUpscale: boolean;
  refuseUpscaling: boolean;
  colourSpace: PresetColourSpace;
  dpi: string;
  quality: string;
  jpegTarget: JpegTarget;
  /** The size target in megabytes (1 MB = 1,000,000 bytes, as the contract's bounds count). */
  megabytes: string;
  fileSuffix: string;
}

const BYTES_PER_MEGABYTE = 1_000_000;

/** A new preset starts as a plain web picture, the most common wish. */
export const NEW_PRESET_VALUES: PresetFormValues = {
  name: { de: '', en: '', fr: '' },
  format: 'jpeg',
  mode: 'fit',
  width: '1000',
  height: '1000',
  background: '#ffffff',
  allowUpscale: false,
  refuseUpscaling: false,
  colourSpace: 'srgb',
  dpi: '72',
  quality: '85',
  jpegTarget: 'quality',
  megabytes: '1',
  fileSuffix: '',
};

export function presetFormValues(preset: Preset): PresetFormValues {
  const { settings } = preset;
  return {
    name: { ...preset.name },
    format: settings.format,
    mode: settings.size.mode,
    width: String(settings.size.width),
    height: String(settings.size.height),
    background: settings.size.mode === 'pad' ? settings.size.background : NEW_PRESET_VALUES.background,
    allowUpscale: settings.allowUpscale,
    refuseUpscaling: settings.refuseUpscaling,
    colourSpace: settings.colourSpace,
    dpi: String(settings.dpi),
    quality: String(settings.quality),
    jpegTarget: settings.maxBytes === null ? 'quality' : 'size',
    megabytes:
      settings.maxBytes === null
        ? NEW_PRESET_VALUES.megabytes
        : String(settings.maxBytes / BYTES_PER_MEGABYTE),
    fileSuffix: settings.fileSuffix,
  };
}

/** Whether the format's compression is the preset's to set (JPEG): the quality fields apply. */
export const hasQuality = (format: PresetFormat) => QUALITY_FORMATS.includes(format);

/**
 * A typed number as the schema should see it. Anything that is not a number (an empty field, "12a")
 * becomes -1, below every bound, so the schema answers with its own "out of range" message rather
 * than a type error that has no text for the admin.
 */
function typedNumber(text: string): number {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? -1 : value;
}

/**
 * The form as the contract's request, before it is checked. A size target is sent for JPEG only and
 * only when chosen (the contract refuses one for other formats); the quality is always sent, since the
 * contract keeps it for every format.
 */
export function presetRequestOf(values: PresetFormValues): unknown {
  const width = typedNumber(values.width);
  const height = typedNumber(values.height);
  const size =
    values.mode === 'pad'
      ? { mode: values.mode, width, height, background: values.background.trim() }
      : { mode: values.mode, width, height };
  const sizeTarget = hasQuality(values.format) && values.jpegTarget === 'size';
  return {
    name: { de: values.name.de, en: values.name.en, fr: values.name.fr },
    settings: {
      format: values.format,
      size,
      allowUpscale: values.allowUpscale,
      refuseUpscaling: values.refuseUpscaling,
      colourSpace: values.colourSpace,
      dpi: typedNumber(values.dpi),
      quality: typedNumber(values.quality),
      maxBytes: sizeTarget ? Math.round(typedNumber(values.megabytes) * BYTES_PER_MEGABYTE) : null,
      fileSuffix: values.fileSuffix.trim(),
    },
  };
}

/** The checked request, or the contract's refusals keyed like the server's (`settings.size.width`). */
export function checkPresetForm(
  values: PresetFormValues,
): { request: CreatePresetRequest; errors: null } | { request: null; errors: FieldErrors } {
  const result = CreatePresetRequest.safeParse(presetRequestOf(values));
  return result.success
    ? { request: result.data, errors: null }
    : { request: null, errors: schemaFieldErrors(result.error) };
}

/** A value with the keys of its objects sorted, so that equal settings print the same. */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, sortedKeys(inner)]),
  );
}

const sameSettings = (a: PresetSettings, b: PresetSettings) =>
  JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));

/**
 * The parts of an edited preset that changed, or null when nothing did. Only changes are sent: a
 * rename alone must not make a new version, and the audit log then records what the admin changed.
 */
export function presetChanges(preset: Preset, request: CreatePresetRequest): UpdatePresetRequest | null {
  const change: UpdatePresetRequest = {};
  if (LANGUAGES.some((lang) => request.name[lang] !== preset.name[lang])) change.name = request.name;
  if (!sameSettings(preset.settings, request.settings)) change.settings = request.settings;
  return change.name || change.settings ? change : null;
}
