import {
  CUSTOM_FIELDS,
  IMAGE_CATEGORIES,
  imageCategoryOfCode,
  type Asset,
  type ImageCategory,
  type Language,
} from '@mediabox/contract';

type FieldKey = (typeof CUSTOM_FIELDS)[keyof typeof CUSTOM_FIELDS]['key'];

/** The value of a custom field of spec 3 by its key ('gtin', 'imageCategory', 'version', 'variant'). */
export function customField(asset: Pick<Asset, 'customFields'>, key: FieldKey): string | undefined {
  const id = Object.entries(CUSTOM_FIELDS).find(([, field]) => field.key === key)?.[0];
  return asset.customFields.find((field) => String(field.fieldId) === id)?.value;
}

/** Field 102 holds a category number (1–12) or its GS1 code (C1C1); shown as "name (code)". */
export function imageCategoryLabel(value: string | undefined, lang: Language): string | undefined {
  if (!value) return undefined;
  const id = (/^\d+$/.test(value) ? Number(value) : imageCategoryOfCode(value)) as ImageCategory | undefined;
  const category = id === undefined ? undefined : IMAGE_CATEGORIES[id];
  return category ? `${category.name[lang]} (${category.code})` : value;
}
