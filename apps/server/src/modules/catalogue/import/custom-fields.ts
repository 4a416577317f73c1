import { isValidGtin, toGtin14, ImportErrorCodes } from '@mediabox/contract';
import type { ImportProblem, ReportProblem } from './import.errors.js';
import type { ManifestCustomFields } from './manifest.js';

/**
 * The custom fields of spec 3 as the manifest and the admin screens give them (strings): checked
 * and read into the asset's columns here once, so both ways in accept exactly the same values.
 */

export interface CustomFieldValues {
  gtin: string | null;
  imageCategory: number | null;
  version: number | null;
  variant: number | null;
  linkedSearchable: string | null;
}

/** Checks custom field values of spec 3 (GTIN check digit, ranges); undefined after reporting problems. */
export function readCustomFields(
  row: string,
  fields: ManifestCustomFields,
  report: ReportProblem,
): CustomFieldValues | undefined {
  let ok = true;
  const fail = (field: string, code: ImportProblem['code'], message: string) => {
    ok = false;
    report({ row, field: `customFields.${field}`, code, message });
  };
  const positive = (value: string | undefined, field: string, code: ImportProblem['code'], max: number) => {
    if (value === undefined || value === '') return null;
    const number = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (!(number >= 1 && number <= max)) {
      fail(field, code, `${value} is not a whole number from 1 to ${max}`);
      return null;
    }
    return number;
  };
  const rawGtin = fields['100'];
  let gtin: string | null = null;
  if (rawGtin !== undefined && rawGtin !== '') {
    if (isValidGtin(rawGtin)) gtin = toGtin14(rawGtin);
    else if (/^\d+$/.test(rawGtin) && [8, 12, 13, 14].includes(rawGtin.length)) {
      fail('100', ImportErrorCodes.badGtin, `The check digit of the GTIN ${rawGtin} is wrong`);
    } else fail('100', ImportErrorCodes.badGtin, `${rawGtin} is not a GTIN (8, 12, 13 or 14 digits)`);
  }
  const values: CustomFieldValues = {
    gtin,
    imageCategory: positive(fields['102'], '102', ImportErrorCodes.badImageCategory, 12),
    version: positive(fields['103'], '103', ImportErrorCodes.badVersion, 999_999),
    variant: positive(fields['104'], '104', ImportErrorCodes.badVariant, 999_999),
    linkedSearchable: fields['101'] || null,
  };
  return ok ? values : undefined;
}
