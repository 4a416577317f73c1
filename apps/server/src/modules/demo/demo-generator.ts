import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDemoCatalogue, distinctFiles, type DemoCatalogue, type DemoFile } from './demo-catalogue.js';
import { renderArtworkFiles } from './packshot-renderer.js';

/** Writes the demo catalogue as an import directory (manifest.json + files) and loads it. */

export const MANIFEST_FILE = 'manifest.json';
/** Two renders at a time: the machine is small and sharp uses threads of its own. */
const RENDER_CONCURRENCY = 2;

export interface DemoManifest {
  nodes: { id: number; parentId: number | null; name: { de: string; en: string; fr: string } }[];
  assets: {
    id: number;
    container: number;
    name: { de: string; en: string; fr: string };
    keywords: string[];
    customFields?: Record<string, string>;
    files: { path: string; mediaType: number }[];
  }[];
}

export function demoManifest(catalogue: DemoCatalogue): DemoManifest {
  return {
    nodes: catalogue.nodes.map((node) => ({ id: node.id, parentId: node.parentId, name: node.name })),
    assets: catalogue.assets.map((asset) => ({
      id: asset.id,
      container: asset.container,
      name: asset.name,
      keywords: asset.keywords,
      ...(asset.customFields ? { customFields: asset.customFields } : {}),
      files: asset.files.map((file) => ({ path: file.path, mediaType: file.mediaType })),
    })),
  };
}

/** Files grouped by artwork (same path without extension): one rasterisation serves all formats. */
function renderGroups(files: DemoFile[]): DemoFile[][] {
  const groups = new Map<string, DemoFile[]>();
  for (const file of files) {
    const key = file.path.replace(/\.[a-z]+$/, '');
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()];
}

export async function generateDemoDirectory(
  targetDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<{ assets: number; nodes: number; files: number }> {
  const catalogue = buildDemoCatalogue();
  const files = distinctFiles(catalogue);
  const groups = renderGroups(files);
  await fs.mkdir(targetDir, { recursive: true });
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next]!;
      next += 1;
      await renderArtworkFiles(group, targetDir);
      done += 1;
      onProgress?.(done, groups.length);
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  await fs.writeFile(
    path.join(targetDir, MANIFEST_FILE),
    `${JSON.stringify(demoManifest(catalogue), null, 2)}\n`,
  );
  return { assets: catalogue.assets.length, nodes: catalogue.nodes.length, files: files.length };
}

/** What loading needs from the import module (ImportService). */
export interface DirectoryImporter<Report> {
  importDirectory(dir: string): Promise<Report>;
}

export interface DemoLog {
  info(object: object, message: string): void;
}

/** Generates the demo catalogue into a temporary directory, imports it and removes the directory. */
export async function loadDemoCatalogue<Report>(
  importer: DirectoryImporter<Report>,
  log: DemoLog,
  generate: typeof generateDemoDirectory = generateDemoDirectory,
): Promise<{ assets: number; nodes: number; report: Report }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-demo-'));
  try {
    const started = Date.now();
    let lastLogged = 0;
    const counts = await generate(dir, (done, total) => {
      // A line every ~25 % so that a first start shows it is busy, without flooding the log.
      if (done === total || done - lastLogged >= Math.ceil(total / 4)) {
        lastLogged = done;
        log.info({ done, total }, 'demo catalogue: rendering pictures');
      }
    });
    log.info({ ...counts, ms: Date.now() - started }, 'demo catalogue: generated, importing');
    const report = await importer.importDirectory(dir);
    log.info(
      { assets: counts.assets, nodes: counts.nodes, ms: Date.now() - started },
      'demo catalogue: imported',
    );
    return { assets: counts.assets, nodes: counts.nodes, report };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
