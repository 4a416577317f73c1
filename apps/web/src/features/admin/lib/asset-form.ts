import {
  LANGUAGES,
  type AdminAsset,
  type AdminCustomFields,
  type UpdateAssetRequest,
} from '@mediabox/contract';

/** The custom fields of spec 3 in the order the form shows them. */
export const CUSTOM_FIELD_IDS = [
  100, 101, 102, 103, 104,
] as const satisfies readonly (keyof AdminCustomFields)[];

/** What the asset form edits; en and fr are '' when they fall back to German. */
export interface AssetFormValues {
  name: { de: string; en: string; fr: string };
  keywords: string;
  description: string;
  customFields: AdminCustomFields;
  container: number;
}

export function assetFormValues(asset: AdminAsset): AssetFormValues {
  return {
    name: { de: asset.name.de, en: asset.name.en ?? '', fr: asset.name.fr ?? '' },
    keywords: asset.keywords,
    description: asset.description,
    customFields: { ...asset.customFields },
    container: asset.container,
  };
}

const differs = (value: string, before: string) => value.trim() !== before.trim();

/**
 * The parts of the form that differ from the stored asset, or null when nothing does. Only changes
 * are sent, so the audit log records what the admin changed, not the whole asset; the names go
 * together because the contract takes them as one object.
 */
export function assetChanges(asset: AdminAsset, values: AssetFormValues): UpdateAssetRequest | null {
  const before = assetFormValues(asset);
  const change: UpdateAssetRequest = {};
  if (LANGUAGES.some((lang) => differs(values.name[lang], before.name[lang]))) {
    change.name = { de: values.name.de.trim(), en: values.name.en.trim(), fr: values.name.fr.trim() };
  }
  if (differs(values.keywords, before.keywords)) change.keywords = values.keywords.trim();
  if (differs(values.description, before.description)) change.description = values.description.trim();
  const fields: Partial<AdminCustomFields> = {};
  for (const id of CUSTOM_FIELD_IDS) {
    if (differs(values.customFields[id], before.customFields[id]))
      fields[id] = values.customFields[id].trim();
  }
  if (Object.keys(fields).length > 0) change.customFields = fields;
  if (values.container !== before.container) change.container = values.container;
  return Object.keys(change).length > 0 ? change : null;
}
