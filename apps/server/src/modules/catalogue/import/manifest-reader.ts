import { ImportErrorCodes } from '@mediabox/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { ImportProblem, ReportProblem } from './import.errors.js';
import { ManifestTopLevel } from './manifest.js';

/**
 * Reads a manifest and checks its shape, row by row: a row that does not parse is reported and
 * left out, so one bad row does not hide the problems of the others. Meaning (parents, GTINs,
 * files) is checked later, on the rows that parsed.
 */

export const MANIFEST_FILE = 'manifest.json';

export type ManifestSections = z.infer<typeof ManifestTopLevel>;

/** `DIR/manifest.json`; undefined after reporting why it cannot be read. */
export async function readManifest(
  realDir: string,
  report: ReportProblem,
): Promise<ManifestSections | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(realDir, MANIFEST_FILE), 'utf8');
  } catch {
    report({
      row: MANIFEST_FILE,
      code: ImportErrorCodes.noManifest,
      message: `${MANIFEST_FILE} is missing in the import directory`,
    });
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    report({
      row: MANIFEST_FILE,
      code: ImportErrorCodes.badJson,
      message: `${MANIFEST_FILE} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    });
    return undefined;
  }
  return parseManifest(json, report);
}

/** The top level only; the rows of each section stay unknown until parseRows. */
export function parseManifest(json: unknown, report: ReportProblem): ManifestSections | undefined {
  const parsed = ManifestTopLevel.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) report(schemaProblem(MANIFEST_FILE, issue));
    return undefined;
  }
  return parsed.data;
}

/** The rows of one section that fit the schema, named by their place ("assets[3]") for the report. */
export function parseRows<Schema extends z.ZodType>(
  rows: unknown[],
  section: string,
  schema: Schema,
  report: ReportProblem,
): { row: string; value: z.infer<Schema> }[] {
  const valid: { row: string; value: z.infer<Schema> }[] = [];
  rows.forEach((raw, index) => {
    const row = `${section}[${index}]`;
    const parsed = schema.safeParse(raw);
    if (parsed.success) valid.push({ row, value: parsed.data });
    else for (const issue of parsed.error.issues) report(schemaProblem(row, issue));
  });
  return valid;
}

function schemaProblem(row: string, issue: z.core.$ZodIssue): ImportProblem {
  const field = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('');
  const missing = issue.code === 'invalid_type' && issue.message.includes('received undefined');
  return {
    row,
    ...(field ? { field: field.replace(/^\./, '') } : {}),
    code: missing ? ImportErrorCodes.required : ImportErrorCodes.invalid,
    message: missing ? `${field.replace(/^\./, '') || 'value'} is required` : issue.message,
  };
}
