import path from 'node:path';
import {
  IMAGE_CATEGORIES,
  MEDIA_TYPES,
  gtinNumber,
  imageCategoryOfCode,
  parseGs1FileName,
  ImportErrorCodes,
  type Gs1FileName,
  type ImageCategory,
  type MediaType,
} from '@mediabox/contract';
import type { MediaInfo } from '../../media/media-types.js';
import type { CheckedTree } from './category-tree-check.js';
import { readCustomFields } from './custom-fields.js';
import type { ReportProblem } from './import.errors.js';
import type { ImportFileChecker } from './import-file-checker.js';
import type { PlannedAsset, PlannedFile } from './import-plan.js';
import type { ManifestAsset, ManifestFile, ManifestGs1Entry } from './manifest.js';

/**
 * One manifest row (an `assets` row, or a `gs1` row whose file name says what it is) made into a
 * planned asset: its container, custom fields and files checked, its identity (source key) decided.
 * A row with problems reports all of them and plans nothing.
 */

function checkContainer(
  row: string,
  containerId: number,
  tree: CheckedTree,
  report: ReportProblem,
): number | undefined {
  if (!tree.exists(containerId)) {
    report({
      row,
      field: 'container',
      code: ImportErrorCodes.unknownContainer,
      message: `The container ${containerId} is neither a node of the manifest nor of the database`,
    });
    return undefined;
  }
  // A container in a broken branch has its own problem reported on its node row.
  return tree.rootOfNode.get(containerId);
}

function checkMediaType(
  row: string,
  field: string,
  mediaType: number,
  report: ReportProblem,
): MediaType | undefined {
  if (mediaType in MEDIA_TYPES) return mediaType as MediaType;
  report({
    row,
    field,
    code: ImportErrorCodes.unknownMediaType,
    message: `${mediaType} is not a media type (known: ${Object.keys(MEDIA_TYPES).join(', ')})`,
  });
  return undefined;
}

export async function planManifestAsset(
  row: string,
  value: ManifestAsset,
  tree: CheckedTree,
  files: ImportFileChecker,
  report: ReportProblem,
): Promise<PlannedAsset | undefined> {
  let ok = true;
  const rootId = checkContainer(row, value.container, tree, report);
  const fields = readCustomFields(row, value.customFields ?? {}, report);
  if (!fields) ok = false;

  const planned: PlannedFile[] = [];
  for (const [index, file] of value.files.entries()) {
    const result = await planFile(row, `files[${index}]`, file, files, report);
    if (result) planned.push(result);
    else ok = false;
  }
  // Two files of one media type are refused by checkDuplicateMediaTypes, once the content decided
  // the types the manifest left out.
  if (!ok || !fields || rootId === undefined) return undefined;

  // A GS1-named main file tells GTIN and view when the manifest does not.
  const gs1 = parseGs1FileName(planned[0]!.fileName);
  const gtin = fields.gtin ?? gs1?.gtin ?? null;
  const imageCategory = fields.imageCategory ?? (gs1 ? (imageCategoryOfCode(gs1.code) ?? null) : null);
  const sourceKey =
    value.id !== undefined
      ? `manifest:${value.id}`
      : gs1
        ? gs1SourceKey(gs1)
        : `path:${planned[0]!.file.relativePath}`;
  return {
    row,
    id: value.id,
    sourceKey,
    containerId: value.container,
    rootId,
    name: { de: value.name.de, en: value.name.en ?? null, fr: value.name.fr ?? null },
    keywords: (value.keywords ?? []).join(' '),
    description: value.description ?? '',
    gtin,
    gtinNumber: gtin === null ? null : gtinNumber(gtin),
    imageCategory,
    version: fields.version ?? gs1?.version ?? null,
    variant: fields.variant ?? gs1?.variant ?? null,
    linkedSearchable: fields.linkedSearchable,
    files: planned,
  };
}

/**
 * One asset per GTIN, view, version and variant (the parts of the portal's short links): the same
 * name imported again is the same asset, and its changed file becomes a new version of that file.
 */
function gs1SourceKey(gs1: Gs1FileName): string {
  const version = gs1.version === undefined ? '' : `_s${gs1.version}`;
  const variant = gs1.variant === undefined ? '' : `_v${gs1.variant}`;
  return `gs1:${gs1.gtin}_${gs1.code}${version}${variant}`;
}

export async function planGs1Asset(
  row: string,
  value: ManifestGs1Entry,
  tree: CheckedTree,
  files: ImportFileChecker,
  report: ReportProblem,
): Promise<PlannedAsset | undefined> {
  const rootId = checkContainer(row, value.container, tree, report);
  const file = await planFile(
    row,
    'path',
    { path: value.path, ...(value.mediaType !== undefined ? { mediaType: value.mediaType } : {}) },
    files,
    report,
  );
  if (!file) return undefined;
  const gs1 = parseGs1FileName(file.fileName);
  if (!gs1) {
    report({
      row,
      field: 'path',
      code: ImportErrorCodes.notGs1Name,
      message: `${file.fileName} is not a GS1 file name ({GTIN}_{type}{facing}{angle}{state}.ext with a valid GTIN)`,
      path: value.path,
    });
    return undefined;
  }
  if (rootId === undefined) return undefined;
  const category = imageCategoryOfCode(gs1.code);
  const view = category ? IMAGE_CATEGORIES[category as ImageCategory].name : undefined;
  const name = value.name ?? {
    de: `${gs1.gtin} ${view?.de ?? gs1.code}`,
    en: `${gs1.gtin} ${view?.en ?? gs1.code}`,
    fr: `${gs1.gtin} ${view?.fr ?? gs1.code}`,
  };
  return {
    row,
    id: undefined,
    sourceKey: gs1SourceKey(gs1),
    containerId: value.container,
    rootId,
    name: { de: name.de, en: name.en ?? null, fr: name.fr ?? null },
    keywords: (value.keywords ?? []).join(' '),
    description: '',
    gtin: gs1.gtin,
    gtinNumber: gtinNumber(gs1.gtin),
    imageCategory: category ?? null,
    version: gs1.version ?? null,
    variant: gs1.variant ?? null,
    linkedSearchable: null,
    files: [file],
  };
}

async function planFile(
  row: string,
  field: string,
  file: ManifestFile,
  files: ImportFileChecker,
  report: ReportProblem,
): Promise<PlannedFile | undefined> {
  const pathField = field === 'path' ? 'path' : `${field}.path`;
  const mediaField = field === 'path' ? 'mediaType' : `${field}.mediaType`;
  const given = file.mediaType !== undefined;
  const mediaType = given ? checkMediaType(row, mediaField, file.mediaType!, report) : undefined;
  const resolved = await files.resolve(file.path);
  if ('code' in resolved) {
    report({ row, field: pathField, code: resolved.code, message: resolved.message, path: file.path });
    return undefined;
  }
  files.use(resolved.absolutePath, { row, field: pathField, path: file.path });
  if (given && mediaType === undefined) return undefined;
  return {
    // Without a given type, filled in from the content once every file is probed.
    mediaType: mediaType ?? (undefined as unknown as MediaType),
    mediaTypeGiven: given,
    file: resolved,
    fileName: path.posix.basename(resolved.relativePath),
    // Filled in once every file is probed.
    media: undefined as unknown as MediaInfo,
  };
}
