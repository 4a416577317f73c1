import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/** Test helpers for manifest imports: import directories built from the media fixtures. */

export const FIXTURES = path.resolve(import.meta.dirname, '../../test-fixtures/media');

/** sha256 and size of the fixtures, from test-fixtures/media/README.md. */
export const FIXTURE_FACTS = {
  'packshot-rgb.jpg': {
    size: 43_314,
    sha256: 'afdb30372ed89a64de8ae4aaa29d86d0e3eaae8e0a8bc226537fb9e1c1be4f00',
  },
  'packshot-cmyk.tif': {
    size: 80_554,
    sha256: '24ef48b395dba6b1bc4abb1bf709188c281bb0237393012a4b0f7d50b8a15247',
  },
  'cutout-alpha.png': {
    size: 46_767,
    sha256: '953c8cf8a9e70aaedf589f167b09c70d0a84231e98e2bc628c4d1beaadc77223',
  },
  'logo.eps': { size: 757, sha256: '07c04bd777d685dace3c4f96562f615cb39af5032f4bbe631562085490cdfe21' },
  'template.pdf': {
    size: 12_125,
    sha256: '86e9a0bf6726ac7f8e8f480ebe7324806f8458dc82061235fb2ae2bec24a5a4b',
  },
  'gs1/04006067084218_C1C1.jpg': {
    size: 28_763,
    sha256: 'edee3a85b03ee6655603e3240ceac0917aba88c18d0d064d2ee3861fd77ba15a',
  },
  'gs1/04006067084218_C2C1.jpg': {
    size: 17_142,
    sha256: '82eddcca08292c316d4fb3056393ac27b2324362e8331db17ddfaee79ff72115',
  },
} as const;

/**
 * A temp directory with `manifest` (an object, or raw text) and copies of fixture files:
 * `files` maps the path in the directory to the path under test-fixtures/media.
 */
export async function makeImportDir(manifest: unknown, files: Record<string, string> = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-import-'));
  const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest, null, 2);
  await fs.writeFile(path.join(dir, 'manifest.json'), text);
  for (const [target, source] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, target)), { recursive: true });
    // Copy the bytes, not the read-only mode of the fixtures: tests change some files later.
    await fs.writeFile(path.join(dir, target), await fs.readFile(path.join(FIXTURES, source)));
  }
  return dir;
}

/** Row counts of every table an import writes, and the number of files in the blob store. */
export async function snapshot(t: TestApp) {
  const { db } = t.context.database;
  const count = async (table: 'nodes' | 'assets' | 'asset_files' | 'blobs' | 'jobs') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    nodes: await count('nodes'),
    assets: await count('assets'),
    asset_files: await count('asset_files'),
    blobs: await count('blobs'),
    jobs: await count('jobs'),
    blobFiles: await countFiles(path.join(t.dataDir, 'blobs')),
  };
}

async function countFiles(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}
