import fs from 'node:fs/promises';
import path from 'node:path';
import {
  COUNTRY_ROOTS,
  IMAGE_CATEGORIES,
  MEDIA_TYPES,
  gtinNumber,
  imageCategoryOfCode,
  isValidGtin,
  parseGs1FileName,
  toGtin14,
  type Gs1FileName,
  type ImageCategory,
  type MediaType,
} from '@mediabox/contract';
import type { z } from 'zod';
import { MediaRejectedError, type MediaInfo, type MediaKind } from '../../media/media-types.js';
import { resolveImportFile, type ImportFile, type ResolvedImportFile } from './import-paths.js';
import { ImportErrorCodes, ImportValidationError, type ImportProblem } from './import.errors.js';
import {
  ManifestAsset,
  ManifestGs1Entry,
  ManifestNode,
  ManifestTopLevel,
  type ManifestCustomFields,
  type ManifestFile,
} from './manifest.js';

/**
 * Phase 1 of an import: reads and checks everything (shape, tree, containers, GS1 facts, files and
 * their content) without writing anything, and answers a plan the service can write in one go, or
 * throws an ImportValidationError listing every problem.
 */

export const MANIFEST_FILE = 'manifest.json';
const ROOT_IDS = new Set<number>(Object.values(COUNTRY_ROOTS));

/** Which kinds of content each media type takes: print and web types need pixels, 1400/1500 vectors. */
export const KINDS_OF_MEDIA_TYPE: Record<MediaType, readonly MediaKind[]> = {
  1100: ['raster'],
  1200: ['raster'],
  1300: ['raster'],
  1400: ['vector', 'document'],
  1500: ['document'],
};

export interface ExistingNode {
  id: number;
  parent_id: number | null;
}

export interface PlannedNode {
  id: number;
  parentId: number | null;
  rootId: number;
  name: { de: string; en: string; fr: string };
}

export interface PlannedFile {
  mediaType: MediaType;
  file: ImportFile;
  fileName: string;
  media: MediaInfo;
}

export interface PlannedAsset {
  row: string;
  /** The id the manifest asks for; otherwise the database picks one. */
  id: number | undefined;
  sourceKey: string;
  containerId: number;
  rootId: number;
  name: { de: string; en: string | null; fr: string | null };
  keywords: string;
  description: string;
  gtin: string | null;
  gtinNumber: number | null;
  imageCategory: number | null;
  version: number | null;
  variant: number | null;
  linkedSearchable: string | null;
  files: PlannedFile[];
}

export interface ImportPlan {
  /** Manifest nodes, parents before children. */
  nodes: PlannedNode[];
  /** The root of every node (database and manifest) once the manifest is applied. */
  rootOfNode: Map<number, number>;
  assets: PlannedAsset[];
}

export interface ValidatorDependencies {
  /** Every node in the database (the tree is small: thousands, not millions). */
  existingNodes: ExistingNode[];
  /** Source keys of the database assets with these ids. */
  sourceKeysOfAssetIds(ids: number[]): Promise<Map<number, string | null>>;
  probe(filePath: string): Promise<MediaInfo>;
  /** How many files are probed at once (probing decodes images: CPU and memory bound). */
  probeConcurrency?: number;
}

/**
 * `manifest` given: that object is the manifest (an upload from the admin screens builds it) and
 * `dir` holds its files; otherwise `DIR/manifest.json` is read.
 */
export async function validateImportDirectory(
  dir: string,
  deps: ValidatorDependencies,
  manifest?: unknown,
): Promise<ImportPlan> {
  const problems: ImportProblem[] = [];
  const report = (problem: ImportProblem) => problems.push(problem);

  let realDir: string;
  try {
    realDir = await fs.realpath(dir);
  } catch {
    throw new ImportValidationError([
      { row: dir, code: ImportErrorCodes.noManifest, message: `The directory ${dir} does not exist` },
    ]);
  }
  const top = manifest === undefined ? await readManifest(realDir, report) : parseManifest(manifest, report);
  if (!top) throw new ImportValidationError(problems);

  const nodeRows = parseRows(top.nodes, 'nodes', ManifestNode, report);
  const assetRows = parseRows(top.assets, 'assets', ManifestAsset, report);
  const gs1Rows = parseRows(top.gs1, 'gs1', ManifestGs1Entry, report);

  const tree = checkTree(nodeRows, deps.existingNodes, report);

  // Files: every distinct path once (resolved, then probed), problems reported on each row using it.
  const files = new FileChecker(realDir, deps);
  const assets: PlannedAsset[] = [];
  for (const { row, value } of assetRows) {
    const asset = await planManifestAsset(row, value, tree, files, report);
    if (asset) assets.push(asset);
  }
  for (const { row, value } of gs1Rows) {
    const asset = await planGs1Asset(row, value, tree, files, report);
    if (asset) assets.push(asset);
  }
  await files.probeAll(report);
  for (const asset of assets) {
    for (const planned of asset.files) planned.media = files.mediaOf(planned.file.absolutePath)!;
  }

  await checkAssetIdentities(assets, deps, report);
  checkFileKinds(assets, files, report);

  if (problems.length > 0) throw new ImportValidationError(problems);
  return { nodes: tree.plannedNodes, rootOfNode: tree.rootOfNode, assets };
}

async function readManifest(
  realDir: string,
  report: (problem: ImportProblem) => void,
): Promise<z.infer<typeof ManifestTopLevel> | undefined> {
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

function parseManifest(
  json: unknown,
  report: (problem: ImportProblem) => void,
): z.infer<typeof ManifestTopLevel> | undefined {
  const parsed = ManifestTopLevel.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) report(schemaProblem(MANIFEST_FILE, issue));
    return undefined;
  }
  return parsed.data;
}

function parseRows<Schema extends z.ZodType>(
  rows: unknown[],
  section: string,
  schema: Schema,
  report: (problem: ImportProblem) => void,
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

// ---------- the category tree ----------

interface TreeCheck {
  plannedNodes: PlannedNode[];
  rootOfNode: Map<number, number>;
  /** Nodes an asset may be put in: known, and not part of a broken branch. */
  isUsable(nodeId: number): boolean;
  exists(nodeId: number): boolean;
}

function checkTree(
  rows: { row: string; value: ManifestNode }[],
  existing: ExistingNode[],
  report: (problem: ImportProblem) => void,
): TreeCheck {
  const parentOf = new Map<number, number | null>(existing.map((node) => [node.id, node.parent_id]));
  const broken = new Set<number>();
  const manifestRows = new Map<number, { row: string; value: ManifestNode }>();
  for (const entry of rows) {
    const { id } = entry.value;
    if (manifestRows.has(id)) {
      report({
        row: entry.row,
        field: 'id',
        code: ImportErrorCodes.duplicateId,
        message: `Node ${id} is listed twice (also ${manifestRows.get(id)!.row})`,
      });
      continue;
    }
    manifestRows.set(id, entry);
    parentOf.set(id, entry.value.parentId);
  }

  for (const [id, { row, value }] of manifestRows) {
    if (ROOT_IDS.has(id) && value.parentId !== null) {
      report({
        row,
        field: 'parentId',
        code: ImportErrorCodes.badRoot,
        message: `Node ${id} is a country root and cannot have a parent`,
      });
      broken.add(id);
    } else if (!ROOT_IDS.has(id) && value.parentId === null) {
      report({
        row,
        field: 'parentId',
        code: ImportErrorCodes.badRoot,
        message: `Node ${id} has no parent, but only the country roots ${[...ROOT_IDS].join(', ')} may be roots`,
      });
      broken.add(id);
    } else if (value.parentId !== null && !parentOf.has(value.parentId)) {
      report({
        row,
        field: 'parentId',
        code: ImportErrorCodes.unknownParent,
        message: `The parent ${value.parentId} of node ${id} is neither in the manifest nor in the database`,
      });
      broken.add(id);
    }
  }

  // Walk each manifest node up to its root; a walk that comes back to where it started is a cycle.
  const badParent = new Set(broken);
  for (const [id, { row }] of manifestRows) {
    if (badParent.has(id)) continue;
    const seen = new Set<number>([id]);
    let current = parentOf.get(id) ?? null;
    while (current !== null && !badParent.has(current)) {
      if (current === id) {
        report({
          row,
          field: 'parentId',
          code: ImportErrorCodes.cycle,
          message: `Node ${id} is its own ancestor (the parents form a cycle)`,
        });
        broken.add(id);
        break;
      }
      if (seen.has(current)) break; // leads into a cycle of other nodes: reported on those
      seen.add(current);
      current = parentOf.get(current) ?? null;
    }
  }

  const rootOfNode = new Map<number, number>();
  const depthOf = new Map<number, number>();
  const resolve = (start: number): { root: number; depth: number } | undefined => {
    const chain: number[] = [];
    let current: number | null = start;
    while (current !== null && !rootOfNode.has(current)) {
      if (broken.has(current) || chain.includes(current) || !parentOf.has(current)) return undefined;
      chain.push(current);
      current = parentOf.get(current) ?? null;
    }
    let root: number;
    let depth: number;
    if (current === null) {
      const top = chain.at(-1)!;
      if (!ROOT_IDS.has(top)) return undefined;
      root = top;
      depth = -1;
    } else {
      root = rootOfNode.get(current)!;
      depth = depthOf.get(current)!;
    }
    for (const node of chain.reverse()) {
      depth += 1;
      rootOfNode.set(node, root);
      depthOf.set(node, depth);
    }
    return { root, depth: depthOf.get(start)! };
  };
  for (const id of parentOf.keys()) {
    if (!resolve(id)) broken.add(id);
  }

  const plannedNodes = [...manifestRows.values()]
    .filter(({ value }) => rootOfNode.has(value.id))
    .sort((a, b) => depthOf.get(a.value.id)! - depthOf.get(b.value.id)!)
    .map(({ value }) => ({
      id: value.id,
      parentId: value.parentId,
      rootId: rootOfNode.get(value.id)!,
      name: { de: value.name.de, en: value.name.en ?? value.name.de, fr: value.name.fr ?? value.name.de },
    }));
  return {
    plannedNodes,
    rootOfNode,
    isUsable: (nodeId) => rootOfNode.has(nodeId),
    exists: (nodeId) => parentOf.has(nodeId),
  };
}

// ---------- assets ----------

function checkContainer(
  row: string,
  containerId: number,
  tree: TreeCheck,
  report: (problem: ImportProblem) => void,
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

export interface FieldValues {
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
  report: (problem: ImportProblem) => void,
): FieldValues | undefined {
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
  const values: FieldValues = {
    gtin,
    imageCategory: positive(fields['102'], '102', ImportErrorCodes.badImageCategory, 12),
    version: positive(fields['103'], '103', ImportErrorCodes.badVersion, 999_999),
    variant: positive(fields['104'], '104', ImportErrorCodes.badVariant, 999_999),
    linkedSearchable: fields['101'] || null,
  };
  return ok ? values : undefined;
}

function checkMediaType(
  row: string,
  field: string,
  mediaType: number,
  report: (problem: ImportProblem) => void,
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

async function planManifestAsset(
  row: string,
  value: ManifestAsset,
  tree: TreeCheck,
  files: FileChecker,
  report: (problem: ImportProblem) => void,
): Promise<PlannedAsset | undefined> {
  let ok = true;
  const rootId = checkContainer(row, value.container, tree, report);
  const fields = readCustomFields(row, value.customFields ?? {}, report);
  if (!fields) ok = false;

  const planned: PlannedFile[] = [];
  const seenTypes = new Set<number>();
  for (const [index, file] of value.files.entries()) {
    const result = await planFile(row, `files[${index}]`, file, files, report);
    if (seenTypes.has(file.mediaType)) {
      report({
        row,
        field: `files[${index}].mediaType`,
        code: ImportErrorCodes.duplicateMediaType,
        message: `The asset has two files of media type ${file.mediaType}`,
      });
      ok = false;
    }
    seenTypes.add(file.mediaType);
    if (result) planned.push(result);
    else ok = false;
  }
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

async function planGs1Asset(
  row: string,
  value: ManifestGs1Entry,
  tree: TreeCheck,
  files: FileChecker,
  report: (problem: ImportProblem) => void,
): Promise<PlannedAsset | undefined> {
  const rootId = checkContainer(row, value.container, tree, report);
  const file = await planFile(
    row,
    'path',
    { path: value.path, mediaType: value.mediaType ?? 1100 },
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
  files: FileChecker,
  report: (problem: ImportProblem) => void,
): Promise<PlannedFile | undefined> {
  const pathField = field === 'path' ? 'path' : `${field}.path`;
  const mediaField = field === 'path' ? 'mediaType' : `${field}.mediaType`;
  const mediaType = checkMediaType(row, mediaField, file.mediaType, report);
  const resolved = await files.resolve(file.path);
  if ('code' in resolved) {
    report({ row, field: pathField, code: resolved.code, message: resolved.message, path: file.path });
    return undefined;
  }
  files.use(resolved.absolutePath, { row, field: pathField, path: file.path });
  if (mediaType === undefined) return undefined;
  return {
    mediaType,
    file: resolved,
    fileName: path.posix.basename(resolved.relativePath),
    // Filled in once every file is probed.
    media: undefined as unknown as MediaInfo,
  };
}

/** Each distinct file is resolved and probed once, however many rows use it. */
class FileChecker {
  private readonly resolved = new Map<string, Promise<ResolvedImportFile>>();
  private readonly users = new Map<string, { row: string; field: string; path: string }[]>();
  private readonly media = new Map<string, MediaInfo>();
  private readonly rejected = new Set<string>();

  constructor(
    private readonly realDir: string,
    private readonly deps: ValidatorDependencies,
  ) {}

  resolve(manifestPath: string) {
    let result = this.resolved.get(manifestPath);
    if (!result) {
      result = resolveImportFile(this.realDir, manifestPath);
      this.resolved.set(manifestPath, result);
    }
    return result;
  }

  use(absolutePath: string, user: { row: string; field: string; path: string }): void {
    const list = this.users.get(absolutePath) ?? [];
    list.push(user);
    this.users.set(absolutePath, list);
  }

  mediaOf(absolutePath: string): MediaInfo | undefined {
    return this.media.get(absolutePath);
  }

  isRejected(absolutePath: string): boolean {
    return this.rejected.has(absolutePath);
  }

  /** Probes every used file, a few at a time; a refused file is a problem on every row that uses it. */
  async probeAll(report: (problem: ImportProblem) => void): Promise<void> {
    const queue = [...this.users.keys()];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        try {
          this.media.set(next, await this.deps.probe(next));
        } catch (err) {
          if (!(err instanceof MediaRejectedError)) throw err;
          this.rejected.add(next);
          for (const user of this.users.get(next)!) {
            report({ ...user, code: err.code, message: `${user.path}: ${err.message}` });
          }
        }
      }
    };
    const concurrency = Math.max(1, this.deps.probeConcurrency ?? 2);
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
}

/** Explicit ids and source keys must be unique in the manifest, and an explicit id must be ours. */
async function checkAssetIdentities(
  assets: PlannedAsset[],
  deps: ValidatorDependencies,
  report: (problem: ImportProblem) => void,
): Promise<void> {
  const byKey = new Map<string, string>();
  for (const asset of assets) {
    const first = byKey.get(asset.sourceKey);
    if (first !== undefined) {
      const what = asset.id !== undefined ? `the id ${asset.id}` : `the same source (${asset.sourceKey})`;
      report({
        row: asset.row,
        ...(asset.id !== undefined ? { field: 'id' } : {}),
        code: asset.id !== undefined ? ImportErrorCodes.duplicateId : ImportErrorCodes.duplicateAsset,
        message: `${first} has ${what} already; give each asset its own "id"`,
      });
    } else byKey.set(asset.sourceKey, asset.row);
  }
  const explicit = assets.filter((asset) => asset.id !== undefined);
  if (explicit.length === 0) return;
  const keys = await deps.sourceKeysOfAssetIds(explicit.map((asset) => asset.id!));
  for (const asset of explicit) {
    if (keys.has(asset.id!) && keys.get(asset.id!) !== asset.sourceKey) {
      report({
        row: asset.row,
        field: 'id',
        code: ImportErrorCodes.idTaken,
        message: `Asset id ${asset.id} belongs to an asset that was not imported from a manifest`,
      });
    }
  }
}

/** A file's content must fit its media type: no PDF as the web image, no JPEG as the vector logo. */
function checkFileKinds(
  assets: PlannedAsset[],
  files: FileChecker,
  report: (problem: ImportProblem) => void,
) {
  for (const asset of assets) {
    asset.files.forEach((planned, index) => {
      if (files.isRejected(planned.file.absolutePath)) return;
      const allowed = KINDS_OF_MEDIA_TYPE[planned.mediaType];
      if (!allowed.includes(planned.media.kind)) {
        report({
          row: asset.row,
          field: asset.row.startsWith('gs1[') ? 'path' : `files[${index}].path`,
          code: ImportErrorCodes.wrongFileType,
          message: `${planned.file.relativePath} is ${planned.media.mimeType}, which does not fit media type ${planned.mediaType}`,
          path: planned.file.relativePath,
        });
      }
    });
  }
}
