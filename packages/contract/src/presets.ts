import { z } from 'zod';
import { NumericId } from './common.js';
import { ErrorCodes } from './error-codes.js';

/**
 * Conversion presets (issue 21.1): the form a channel needs a picture in ("1000 × 1000 px on white
 * for the online shop", "300 dpi CMYK for the flyer"). A super user defines them under
 * /api/admin/presets; every signed-in user picks active ones for downloads. Presets are versioned:
 * a change of the settings is a new version, and a file made from an earlier version is never
 * altered (converted files are keyed by preset id and version).
 *
 * `PresetSettings` maps field by field onto the media module's `ConversionSpec`: format, size (mode
 * fit | pad | crop, width, height, background for pad), allowUpscale, colourSpace, dpi, and for JPEG
 * `jpeg: { maxBytes }` when `maxBytes` is set, else `jpeg: { quality }` (no `jpeg` for other formats).
 * `refuseUpscaling` and `fileSuffix` are the preset's own: they decide what is delivered and under
 * which name, not how pixels are made.
 */

export const PRESET_FORMATS = ['jpeg', 'png', 'tiff', 'webp'] as const;
export type PresetFormat = (typeof PRESET_FORMATS)[number];

/**
 * fit: inside width × height, aspect kept; pad: exactly width × height, the picture centred on
 * `background`; crop: exactly width × height, cut to the centre.
 */
export const PRESET_SIZE_MODES = ['fit', 'pad', 'crop'] as const;
export type PresetSizeMode = (typeof PRESET_SIZE_MODES)[number];

/** sRGB for screens; CMYK (with an embedded ICC profile) for print. */
export const PRESET_COLOUR_SPACES = ['srgb', 'cmyk'] as const;
export type PresetColourSpace = (typeof PRESET_COLOUR_SPACES)[number];

/** Formats that can carry CMYK pixels. */
export const CMYK_FORMATS: readonly PresetFormat[] = ['jpeg', 'tiff'];
/** Formats whose quality a preset sets, and so whose size it can aim for (the engine's WebP quality is its own). */
export const QUALITY_FORMATS: readonly PresetFormat[] = ['jpeg'];

/**
 * Bounds of the settings: below them nothing useful comes out, above them a conversion would not fit
 * in memory. 10,000 px is the conversion engine's largest output edge (media's MAX_OUTPUT_EDGE).
 */
export const PRESET_LIMITS = {
  minPixels: 16,
  maxPixels: 10_000,
  minDpi: 36,
  maxDpi: 1200,
  minQuality: 1,
  maxQuality: 100,
  /** 10 kB. */
  minBytes: 10_000,
  /** 500 MB. */
  maxBytes: 500_000_000,
  fileSuffixMax: 40,
  nameMax: 120,
} as const;

/** The presets the portal ships (migration 20261127-0018), by a key that stays when they are renamed. */
export const SHIPPED_PRESET_KEYS = ['onlineShop', 'marketplace', 'print', 'social'] as const;
export type ShippedPresetKey = (typeof SHIPPED_PRESET_KEYS)[number];

const outOfRange = { error: ErrorCodes.presetOutOfRange };
const boundedInt = (min: number, max: number) =>
  z.number().int(outOfRange).min(min, outOfRange).max(max, outOfRange);

const Pixels = boundedInt(PRESET_LIMITS.minPixels, PRESET_LIMITS.maxPixels);

/** `#rrggbb`, either case. */
export const PresetBackground = z
  .string({ error: ErrorCodes.presetBackground })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: ErrorCodes.presetBackground });

export const PresetSize = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('fit'), width: Pixels, height: Pixels }).strict(),
  z.object({ mode: z.literal('pad'), width: Pixels, height: Pixels, background: PresetBackground }).strict(),
  z.object({ mode: z.literal('crop'), width: Pixels, height: Pixels }).strict(),
]);
export type PresetSize = z.infer<typeof PresetSize>;

/**
 * Appended to the delivered file's name (GS1 name by default: `04012345678901_A1N1_shop.jpg`).
 * Letters, digits, `_` and `-` only: no dots (a second extension), no separators (a path).
 */
export const PresetFileSuffix = z
  .string({ error: ErrorCodes.presetFileSuffix })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${PRESET_LIMITS.fileSuffixMax}}$`), {
    error: ErrorCodes.presetFileSuffix,
  });

export const PresetSettings = z
  .object({
    format: z.enum(PRESET_FORMATS),
    size: PresetSize,
    /** Enlarge a source smaller than the size; when false it keeps its pixels (padded or fitted as it is). */
    allowUpscale: z.boolean(),
    /** Leave out (with a visible reason) an item that would need enlarging, instead of warning. */
    refuseUpscaling: z.boolean(),
    colourSpace: z.enum(PRESET_COLOUR_SPACES),
    /** Written into the file's resolution fields. */
    dpi: boundedInt(PRESET_LIMITS.minDpi, PRESET_LIMITS.maxDpi),
    /** JPEG quality (1–100); not used when `maxBytes` is set, nor by other formats. */
    quality: boundedInt(PRESET_LIMITS.minQuality, PRESET_LIMITS.maxQuality),
    /** JPEG only: the largest quality whose file stays within this many bytes; null: `quality`. */
    maxBytes: boundedInt(PRESET_LIMITS.minBytes, PRESET_LIMITS.maxBytes).nullable(),
    fileSuffix: PresetFileSuffix,
  })
  .strict()
  .superRefine((settings, context) => {
    if (settings.colourSpace === 'cmyk' && !CMYK_FORMATS.includes(settings.format)) {
      context.addIssue({ code: 'custom', path: ['colourSpace'], message: ErrorCodes.presetCmykFormat });
    }
    if (settings.maxBytes !== null && !QUALITY_FORMATS.includes(settings.format)) {
      context.addIssue({ code: 'custom', path: ['maxBytes'], message: ErrorCodes.presetMaxBytesFormat });
    }
    if (settings.allowUpscale && settings.refuseUpscaling) {
      context.addIssue({
        code: 'custom',
        path: ['refuseUpscaling'],
        message: ErrorCodes.presetUpscaleConflict,
      });
    }
  });
export type PresetSettings = z.infer<typeof PresetSettings>;

const PresetNameText = z
  .string({ error: ErrorCodes.required })
  .trim()
  .min(1, { error: ErrorCodes.required })
  .max(PRESET_LIMITS.nameMax, { error: ErrorCodes.tooLong });

/** A preset's name in the three languages of the portal (users pick it in theirs). */
export const PresetNames = z.object({ de: PresetNameText, en: PresetNameText, fr: PresetNameText }).strict();
export type PresetNames = z.infer<typeof PresetNames>;

export const Preset = z.object({
  id: z.number().int(),
  /** One of the presets the portal ships, or null for a super user's own. */
  shippedKey: z.enum(SHIPPED_PRESET_KEYS).nullable(),
  name: z.object({ de: z.string(), en: z.string(), fr: z.string() }),
  /** The current version: 1 when created, one more with every change of the settings. */
  version: z.number().int(),
  /** Retired presets are offered to nobody; a super user can restore them. */
  retired: z.boolean(),
  /** The settings of the current version. */
  settings: PresetSettings,
  createdAt: z.string(),
  /** The last change of name, settings or state. */
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof Preset>;

export const PresetParams = z.object({ id: NumericId });

/** `POST /api/admin/presets`: a new preset, version 1. */
export const CreatePresetRequest = z.object({ name: PresetNames, settings: PresetSettings }).strict();
export type CreatePresetRequest = z.infer<typeof CreatePresetRequest>;

/**
 * `PATCH /api/admin/presets/{id}`: names change in place; settings (always all of them) that differ
 * from the current version's make a new version.
 */
export const UpdatePresetRequest = z
  .object({ name: PresetNames.optional(), settings: PresetSettings.optional() })
  .strict()
  .refine((change) => change.name !== undefined || change.settings !== undefined, {
    error: ErrorCodes.required,
  });
export type UpdatePresetRequest = z.infer<typeof UpdatePresetRequest>;

/** `GET /api/presets` (active ones) and `GET /api/admin/presets` (retired ones too), oldest first. */
export const PresetsAnswer = z.object({ presets: z.array(Preset) });
export type PresetsAnswer = z.infer<typeof PresetsAnswer>;

/** The answer of create, update, retire and restore: the preset as it is now. */
export const PresetAnswer = z.object({ preset: Preset });
export type PresetAnswer = z.infer<typeof PresetAnswer>;

const PixelSize = z.object({ width: z.number().int(), height: z.number().int() });

/**
 * One thing a preset would do to a source that the user should know before the download (issue
 * 21.3), decided from the source's stored facts before anything is made (media's assessConversion):
 * - upscaled: the source has fewer pixels than the preset needs (`enlarged`: made larger anyway, or
 *   delivered at its own size);
 * - colourConverted: another colour model (`from` is the source's libvips colour space: srgb, cmyk,
 *   b-w, grey16, rgb16, …);
 * - alphaFlattened: transparent parts become `background`;
 * - rasterised: a vector or document source (EPS, PDF page 1) becomes pixels at this size.
 */
export const ConversionVerdict = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upscaled'), source: PixelSize, needed: PixelSize, enlarged: z.boolean() }),
  z.object({ kind: z.literal('colourConverted'), from: z.string(), to: z.enum(PRESET_COLOUR_SPACES) }),
  z.object({ kind: z.literal('alphaFlattened'), background: z.string() }),
  z.object({ kind: z.literal('rasterised'), width: z.number().int(), height: z.number().int() }),
]);
export type ConversionVerdict = z.infer<typeof ConversionVerdict>;

/** A preset's names in the three languages (as in Preset). */
const PresetNamesOut = z.object({ de: z.string(), en: z.string(), fr: z.string() });

/**
 * A preset chosen for a cart item (issue 21.2/21.3), with what it would deliver and the verdicts,
 * before anything is made. `refused`: the preset refuses upscaling and this source would need it;
 * the item is left out of bundles for this preset, and the verdict `upscaled` says why.
 */
export const CartPresetChoice = z.object({
  presetId: z.number().int(),
  /** The version a bundle made now would use. */
  version: z.number().int(),
  name: PresetNamesOut,
  /** The asset's file the conversion starts from (the best source for this preset). */
  sourceFileId: z.number().int(),
  /** What would be delivered: planned from the source's pixel size and the preset (conversion-plan). */
  output: z.object({
    format: z.enum(PRESET_FORMATS),
    width: z.number().int(),
    height: z.number().int(),
    colourSpace: z.enum(PRESET_COLOUR_SPACES),
    dpi: z.number().int().nullable(),
  }),
  /** The delivered file's name (GS1 name with the preset's suffix by default). */
  fileName: z.string(),
  verdicts: z.array(ConversionVerdict),
  refused: z.boolean(),
});
export type CartPresetChoice = z.infer<typeof CartPresetChoice>;

/** A preset still chosen for a cart item after it was retired: its name, so the app can say so. */
export const RetiredPresetChoice = z.object({ presetId: z.number().int(), name: PresetNamesOut });
export type RetiredPresetChoice = z.infer<typeof RetiredPresetChoice>;
