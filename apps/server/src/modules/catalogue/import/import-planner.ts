import fs from 'node:fs/promises';
import { ImportErrorCodes } from '@mediabox/contract';
import { checkAssetIdentities, checkDuplicateMediaTypes, checkFileKinds } from './asset-checks.js';
import { planGs1Asset, planManifestAsset } from './asset-planner.js';
import { checkCategoryTree, type ExistingNode } from './category-tree-check.js';
import { ImportValidationError, type ImportProblem } from './import.errors.js';
import { ImportFileChecker, type FileProbe } from './import-file-checker.js';
import type { ImportPlan, PlannedAsset } from './import-plan.js';
import { ManifestAsset, ManifestGs1Entry, ManifestNode } from './manifest.js';
import { parseManifest, parseRows, readManifest } from './manifest-reader.js';
import { mediaTypeOfContent } from './media-type-of-content.js';

/**
 * Phase 1 of an import: reads and checks everything (shape, tree, containers, GS1 facts, files and
 * their content) without writing anything, and answers a plan the service can write in one go, or
 * throws an ImportValidationError listing every problem. The checks live in their own files; this
 * one only decides their order (files are probed once all rows are planned, so each is probed once).
 */

export interface PlannerDependencies extends FileProbe {
  /** Every node in the database (the tree is small: thousands, not millions). */
  existingNodes: ExistingNode[];
  /** Source keys of the database assets with these ids. */
  sourceKeysOfAssetIds(ids: number[]): Promise<Map<number, string | null>>;
}

/**
 * `manifest` given: that object is the manifest (an upload from the admin screens builds it) and
 * `dir` holds its files; otherwise `DIR/manifest.json` is read.
 */
export async function planImport(
  dir: string,
  deps: PlannerDependencies,
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

  const tree = checkCategoryTree(nodeRows, deps.existingNodes, report);

  // Files: every distinct path once (resolved, then probed), problems reported on each row using it.
  const files = new ImportFileChecker(realDir, deps);
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
    for (const planned of asset.files) {
      planned.media = files.mediaOf(planned.file.absolutePath)!;
      // A refused file has no facts; its problem is reported already and nothing is written.
      if (!planned.mediaTypeGiven)
        planned.mediaType = planned.media ? mediaTypeOfContent(planned.media) : 1100;
    }
  }

  await checkAssetIdentities(assets, deps.sourceKeysOfAssetIds, report);
  checkDuplicateMediaTypes(assets, files, report);
  checkFileKinds(assets, files, report);

  if (problems.length > 0) throw new ImportValidationError(problems);
  return { nodes: tree.plannedNodes, rootOfNode: tree.rootOfNode, assets };
}
