import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildDemoCatalogue, distinctFiles, type DemoFile } from './demo-catalogue.js';
import {
  MANIFEST_FILE,
  generateDemoDirectory,
  loadDemoCatalogue,
  type DemoManifest,
} from './demo-generator.js';
import { renderArtworkFiles } from './packshot-renderer.js';

/**
 * Renders the whole demo catalogue once (~40 s on two cores) and checks the files, their
 * reproducibility, and a real import of them into a fresh SQLite portal (twice: nothing changes).
 */
const GENERATION_TIMEOUT = 240_000;

let dir: string;
let counts: { assets: number; nodes: number; files: number };
let manifest: DemoManifest;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-demo-test-'));
  counts = await generateDemoDirectory(dir);
  manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as DemoManifest;
}, GENERATION_TIMEOUT);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('demo directory', () => {
  it('writes the manifest of the catalogue and counts what it wrote', () => {
    expect(counts.assets).toBe(manifest.assets.length);
    expect(counts.nodes).toBe(manifest.nodes.length);
    expect(counts.assets).toBeGreaterThan(550);
  });

  it('writes every file as a real file of its media type', async () => {
    const files = distinctFiles(buildDemoCatalogue());
    expect(files.length).toBe(counts.files);
    for (const file of files) {
      const target = path.join(dir, file.path);
      const bytes = await fs.readFile(target);
      expect(bytes.length, file.path).toBeGreaterThan(500);
      if (file.mediaType === 1400) {
        expect(bytes.subarray(0, 23).toString('latin1')).toBe('%!PS-Adobe-3.0 EPSF-3.0');
        expect(bytes.toString('latin1')).toContain('setcmykcolor');
        continue;
      }
      if (file.mediaType === 1500) {
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        continue;
      }
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], file.path).toEqual([1200, 1200]);
      if (file.mediaType === 1100) expect([meta.format, meta.space], file.path).toEqual(['jpeg', 'srgb']);
      if (file.mediaType === 1200) {
        expect([meta.format, meta.space], file.path).toEqual(['tiff', 'cmyk']);
        expect(meta.density).toBe(300);
      }
      if (file.mediaType === 1300) {
        expect([meta.format, meta.hasAlpha], file.path).toEqual(['png', true]);
      }
    }
    // The cut-out really is cut out: a corner is fully transparent.
    const png = files.find((file) => file.mediaType === 1300)!;
    const { data } = await sharp(path.join(dir, png.path))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it('renders the same bytes again (so a second import finds nothing new)', async () => {
    const again = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-demo-again-'));
    try {
      // One artwork of each kind and format is enough: the renderer has no state between files.
      const byKind = new Map<string, DemoFile[]>();
      for (const file of distinctFiles(buildDemoCatalogue())) {
        const kind = `${file.artwork.kind}:${file.mediaType}`;
        if (byKind.has(kind)) continue;
        const base = file.path.replace(/\.[a-z]+$/, '');
        byKind.set(
          kind,
          distinctFiles(buildDemoCatalogue()).filter((other) => other.path.replace(/\.[a-z]+$/, '') === base),
        );
      }
      for (const group of byKind.values()) await renderArtworkFiles(group, again);
      let compared = 0;
      for (const group of byKind.values()) {
        for (const file of group) {
          const first = await fs.readFile(path.join(dir, file.path));
          const second = await fs.readFile(path.join(again, file.path));
          expect(second.equals(first), file.path).toBe(true);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(8);
    } finally {
      await fs.rm(again, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('demo import [sqlite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'imports the whole demo directory into an empty portal, and a second import changes nothing',
    async () => {
      const first = await t.context.imports.importDirectory(dir);
      // The portal has its country roots from the migrations, named as the demo names them.
      expect(first.nodes).toEqual({ created: counts.nodes - 3, updated: 0, unchanged: 3 });
      expect(first.assets.created).toBe(counts.assets);
      const second = await t.context.imports.importDirectory(dir);
      expect(second.nodes).toEqual({ created: 0, updated: 0, unchanged: counts.nodes });
      expect(second.assets).toEqual({ created: 0, updated: 0, unchanged: counts.assets });
      expect(second.files.created + second.files.newVersions).toBe(0);
    },
    GENERATION_TIMEOUT,
  );

  it(
    'loadDemoCatalogue imports from a temporary directory and removes it afterwards',
    async () => {
      let seen: string | undefined;
      const importer = {
        importDirectory: async (target: string) => {
          seen = target;
          return t.context.imports.importDirectory(target);
        },
      };
      const lines: string[] = [];
      // The generator is the one tested above; copying its output keeps this test fast.
      const copy = async (target: string) => {
        await fs.cp(dir, target, { recursive: true });
        return counts;
      };
      const result = await loadDemoCatalogue(
        importer,
        { info: (_object, message) => lines.push(message) },
        copy,
      );
      expect(result.assets).toBe(counts.assets);
      expect(seen).toBeDefined();
      await expect(fs.stat(seen!)).rejects.toThrow();
      expect(lines.at(-1)).toBe('demo catalogue: imported');
    },
    GENERATION_TIMEOUT,
  );
});
