import { ErrorCodes, gtinNumber, type FieldError, type UpdateAssetRequest } from '@mediabox/contract';
import type { Updateable } from 'kysely';
import type { AssetsTable } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ImportProblem } from '../../catalogue/import/import.errors.js';
import { readCustomFields } from '../../catalogue/import/custom-fields.js';
import { customFieldsOf } from './catalogue-admin.presenter.js';
import type { AdminAssetRow } from './catalogue-admin.repository.js';

/**
 * An asset edit from the admin screens as column values, and which of them really change: custom
 * fields are checked by the importer's rules, so an edit cannot store what an import would refuse,
 * and only changed columns are written and audited.
 */

/** Names, keywords, description and custom fields; the category is the service's (it must exist). */
export function assetFieldUpdates(asset: AdminAssetRow, change: UpdateAssetRequest): Updateable<AssetsTable> {
  const updates: Updateable<AssetsTable> = {};
  if (change.name) {
    updates.name_de = change.name.de;
    updates.name_en = change.name.en || null;
    updates.name_fr = change.name.fr || null;
  }
  if (change.keywords !== undefined)
    updates.keywords = change.keywords.split(/\s+/).filter(Boolean).join(' ');
  if (change.description !== undefined) updates.description = change.description;
  if (change.customFields) Object.assign(updates, checkCustomFields(asset, change.customFields));
  return updates;
}

/** The columns whose new value differs from the asset's. */
export function changedColumns(
  asset: AdminAssetRow,
  updates: Updateable<AssetsTable>,
): (keyof AdminAssetRow)[] {
  return (Object.keys(updates) as (keyof AdminAssetRow)[]).filter(
    (key) => !sameValue(updates[key as keyof typeof updates], asset[key]),
  );
}

/** PostgreSQL answers bigint columns as text: 4006067084218 and '4006067084218' are the same value. */
function sameValue(a: unknown, b: unknown): boolean {
  return (
    a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b))
  );
}

/** Merges the changed custom fields into the asset's and checks them all as an import would. */
function checkCustomFields(
  asset: AdminAssetRow,
  change: NonNullable<UpdateAssetRequest['customFields']>,
): Updateable<AssetsTable> {
  const merged = { ...customFieldsOf(asset), ...change };
  const problems: ImportProblem[] = [];
  const values = readCustomFields(
    'customFields',
    {
      '100': merged[100],
      '101': merged[101],
      '102': merged[102],
      '103': merged[103],
      '104': merged[104],
    },
    (problem) => problems.push(problem),
  );
  if (!values) {
    const fields: FieldError[] = problems.map((problem) => ({ path: problem.field!, code: problem.code }));
    throw new AppError(ErrorCodes.validation, problems.map((problem) => problem.message).join('; '), fields);
  }
  return {
    gtin: values.gtin,
    gtin_number: values.gtin === null ? null : gtinNumber(values.gtin),
    linked_searchable: values.linkedSearchable,
    image_category: values.imageCategory,
    version: values.version,
    variant: values.variant,
  };
}
