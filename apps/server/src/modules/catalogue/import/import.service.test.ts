import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURES, FIXTURE_FACTS, makeImportDir, snapshot } from '../../../test/import-dirs.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { ImportValidationError, type ImportProblem } from './import.errors.js';

const NODES = [
  { id: 1, parentId: null, name: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' } },
  { id: 10, parentId: 1, name: { de: 'Kaffee', en: 'Coffee', fr: 'Café' } },
  { id: 11, parentId: 10, name: { de: 'Bohnen', en: 'Beans', fr: 'Grains' } },
  { id: 123, parentId: null, name: { de: 'Österreich', en: 'Austria', fr: 'Autriche' } },
  { id: 124, parentId: 123, name: { de: 'Vorlagen' } },
];

const GOOD_MANIFEST = {
  nodes: NODES,
  assets: [
    {
      id: 5000,
      container: 11,
      name: { de: 'Probe Packshot', en: 'Sample packshot' },
      keywords: ['kaffee', 'bohne'],
      customFields: { '100': '4006067084218', '102': '1', '103': '2', '104': '1' },
      files: [
        { path: 'packshot-rgb.jpg', mediaType: 1100 },
        { path: 'print/packshot-cmyk.tif', mediaType: 1200 },
        { path: 'cutout-alpha.png', mediaType: 1300 },
      ],
    },
    { container: 10, name: { de: 'Logo' }, files: [{ path: 'logo.eps', mediaType: 1400 }] },
    {
      container: 124,
      name: { de: 'Vorlage', fr: 'Modèle' },
      files: [{ path: 'template.pdf', mediaType: 1500 }],
    },
    // GS1-named main file without custom fields: GTIN and image category come from the name.
    {
      container: 11,
      name: { de: 'Front' },
      files: [{ path: 'gs1/04006067084218_C1C1.jpg', mediaType: 1100 }],
    },
  ],
  gs1: [{ container: 11, path: 'gs1/04006067084218_C2C1.jpg' }],
};

const GOOD_FILES = {
  'packshot-rgb.jpg': 'packshot-rgb.jpg',
  'print/packshot-cmyk.tif': 'packshot-cmyk.tif',
  'cutout-alpha.png': 'cutout-alpha.png',
  'logo.eps': 'logo.eps',
  'template.pdf': 'template.pdf',
  'gs1/04006067084218_C1C1.jpg': 'gs1/04006067084218_C1C1.jpg',
  'gs1/04006067084218_C2C1.jpg': 'gs1/04006067084218_C2C1.jpg',
};

async function importProblems(t: TestApp, dir: string): Promise<ImportProblem[]> {
  const error = await t.context.imports.importDirectory(dir).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ImportValidationError);
  return (error as ImportValidationError).problems;
}

const codesByRow = (problems: ImportProblem[]) => {
  const result: Record<string, string[]> = {};
  for (const problem of problems) (result[problem.row] ??= []).push(problem.code);
  return result;
};

describeEachDatabase('manifest import', (dialect) => {
  let t: TestApp;
  let dir: string;
  let actorId: number;
  const dirs: string[] = [];
  const tempDir = async (manifest: unknown, files: Record<string, string> = {}) => {
    const made = await makeImportDir(manifest, files);
    dirs.push(made);
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = await tempDir(GOOD_MANIFEST, GOOD_FILES);
    const actor = await t.context.accounts.createUser({
      email: 'importer@nordstern-kaffee.example',
      password: 'Import-password-1',
    });
    actorId = actor.id;
  });
  afterAll(async () => {
    await t.close();
    for (const made of dirs) await fs.rm(made, { recursive: true, force: true });
  });

  it('imports nodes, assets, files and blobs with their sizes, sha-256 and CRC-32', async () => {
    const before = await snapshot(t);
    const report = await t.context.imports.importDirectory(dir, { actorUserId: actorId });
    const { items, ...counts } = report;
    // The country roots of the manifest are the migration's rows, names and all.
    expect(counts).toEqual({
      nodes: { created: 3, updated: 0, unchanged: 2 },
      assets: { created: 5, updated: 0, unchanged: 0 },
      files: { created: 7, newVersions: 0, unchanged: 0 },
    });
    expect(items.map((item) => item.outcome)).toEqual(Array(5).fill('created'));
    expect(new Set(items.map((item) => item.assetId)).size).toBe(5);
    const { db } = t.context.database;

    const nodes = await db.selectFrom('nodes').selectAll().orderBy('id').execute();
    expect(nodes.map((node) => [node.id, node.parent_id, node.root_id])).toEqual([
      [1, null, 1],
      [10, 1, 1],
      [11, 10, 1],
      [123, null, 123],
      [124, 123, 123],
      [658, null, 658],
    ]);
    // en and fr of a node fall back to de.
    expect(nodes.at(-2)).toMatchObject({ name_de: 'Vorlagen', name_en: 'Vorlagen', name_fr: 'Vorlagen' });

    const packshot = await db
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', 5000)
      .executeTakeFirstOrThrow();
    expect(packshot).toMatchObject({
      container_id: 11,
      root_id: 1,
      name_de: 'Probe Packshot',
      name_en: 'Sample packshot',
      name_fr: null,
      keywords: 'kaffee bohne',
      gtin: '04006067084218',
      gtin_number: 4006067084218,
      image_category: 1,
      version: 2,
      variant: 1,
      source_key: 'manifest:5000',
      created_by: actorId,
      created_at: t.clock.now(),
    });
    const template = await db
      .selectFrom('assets')
      .selectAll()
      .where('source_key', '=', 'path:template.pdf')
      .executeTakeFirstOrThrow();
    expect(template).toMatchObject({ container_id: 124, root_id: 123, name_fr: 'Modèle', gtin: null });

    // Two GS1 views of one GTIN: two assets of the same product, told apart by the view.
    const gs1 = await db
      .selectFrom('assets')
      .select(['source_key', 'gtin', 'gtin_number', 'image_category', 'name_de', 'name_en'])
      .where('gtin_number', '=', 4006067084218)
      .where('source_key', 'like', 'gs1:%')
      .orderBy('source_key')
      .execute();
    expect(gs1).toEqual([
      {
        source_key: 'gs1:04006067084218_C1C1',
        gtin: '04006067084218',
        gtin_number: 4006067084218,
        image_category: 1,
        name_de: 'Front',
        name_en: null,
      },
      {
        source_key: 'gs1:04006067084218_C2C1',
        gtin: '04006067084218',
        gtin_number: 4006067084218,
        image_category: 2,
        name_de: '04006067084218 Linke Seite',
        name_en: '04006067084218 Left side',
      },
    ]);

    const files = await db
      .selectFrom('asset_files')
      .selectAll()
      .where('asset_id', '=', 5000)
      .orderBy('media_type')
      .execute();
    expect(
      files.map((file) => [file.media_type, file.file_name, file.mime_type, file.version, file.is_current]),
    ).toEqual([
      [1100, 'packshot-rgb.jpg', 'image/jpeg', 1, 1],
      [1200, 'packshot-cmyk.tif', 'image/tiff', 1, 1],
      [1300, 'cutout-alpha.png', 'image/png', 1, 1],
    ]);
    expect(files[0]).toMatchObject({
      width: 1200,
      height: 1200,
      blob_sha256: FIXTURE_FACTS['packshot-rgb.jpg'].sha256,
    });
    expect(files[1]).toMatchObject({ dpi_x: 300, colorspace: 'cmyk' });

    const blobs = await db.selectFrom('blobs').selectAll().execute();
    expect(blobs).toHaveLength(7);
    for (const [name, facts] of Object.entries(FIXTURE_FACTS)) {
      const bytes = await fs.readFile(path.join(FIXTURES, name));
      const blob = blobs.find((row) => row.sha256 === facts.sha256);
      expect(blob, name).toMatchObject({ size: facts.size, crc32: zlib.crc32(bytes) });
      expect(await t.context.blobs.size(facts.sha256)).toBe(facts.size);
    }
    expect(blobs.find((row) => row.sha256 === FIXTURE_FACTS['logo.eps'].sha256)?.mime_type).toBe(
      'application/postscript',
    );

    // The import tells the search index: the new assets are found at once.
    const found = await t.context.search.search({ text: 'Packshot', rootId: 1, offset: 0, limit: 10 });
    expect(found.hits.map((hit) => hit.assetId)).toContain(5000);

    const after = await snapshot(t);
    // One renditions job per new blob, written with the rows.
    expect(after.jobs - before.jobs).toBe(7);
    expect(after.blobFiles - before.blobFiles).toBe(7);
  });

  it('changes nothing when run again with the same directory', async () => {
    const before = await snapshot(t);
    const assetsBefore = await t.context.database.db.selectFrom('assets').selectAll().orderBy('id').execute();
    t.clock.advance(60_000);
    const report = await t.context.imports.importDirectory(dir, { actorUserId: actorId });
    const { items, ...counts } = report;
    expect(counts).toEqual({
      nodes: { created: 0, updated: 0, unchanged: 5 },
      assets: { created: 0, updated: 0, unchanged: 5 },
      files: { created: 0, newVersions: 0, unchanged: 7 },
    });
    expect(items.map((item) => item.outcome)).toEqual(Array(5).fill('unchanged'));
    expect(await snapshot(t)).toEqual(before);
    expect(await t.context.database.db.selectFrom('assets').selectAll().orderBy('id').execute()).toEqual(
      assetsBefore,
    );
  });

  it('makes a new version of a changed file, keeps the old one, and updates changed names', async () => {
    await fs.writeFile(
      path.join(dir, 'packshot-rgb.jpg'),
      await fs.readFile(path.join(FIXTURES, 'rotated-exif.jpg')),
    );
    const manifest = structuredClone(GOOD_MANIFEST);
    manifest.assets[1]!.name = { de: 'Logo neu' };
    manifest.assets[1]!.keywords = ['marke'];
    await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const before = await snapshot(t);
    t.clock.advance(60_000);

    const report = await t.context.imports.importDirectory(dir);
    const { items, ...counts } = report;
    expect(counts).toEqual({
      nodes: { created: 0, updated: 0, unchanged: 5 },
      assets: { created: 0, updated: 1, unchanged: 4 },
      files: { created: 0, newVersions: 1, unchanged: 6 },
    });
    // The renamed logo and the packshot with a new file version; the others stay as they were.
    expect(Object.fromEntries(items.map((item) => [item.row, item.outcome]))).toEqual({
      'assets[0]': 'updated',
      'assets[1]': 'updated',
      'assets[2]': 'unchanged',
      'assets[3]': 'unchanged',
      'gs1[0]': 'unchanged',
    });
    const { db } = t.context.database;
    const versions = await db
      .selectFrom('asset_files')
      .select(['version', 'is_current', 'blob_sha256', 'width', 'height'])
      .where('asset_id', '=', 5000)
      .where('media_type', '=', 1100)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      {
        version: 1,
        is_current: 0,
        blob_sha256: FIXTURE_FACTS['packshot-rgb.jpg'].sha256,
        width: 1200,
        height: 1200,
      },
      {
        version: 2,
        is_current: 1,
        blob_sha256: '489fd29456714beb22ab5fce8204840760bf7e0a9be54ca53ae2e390a878fe14',
        width: 600,
        height: 800,
      },
    ]);
    const logo = await db
      .selectFrom('assets')
      .selectAll()
      .where('source_key', '=', 'path:logo.eps')
      .executeTakeFirstOrThrow();
    expect(logo).toMatchObject({
      name_de: 'Logo neu',
      keywords: 'marke',
      updated_at: t.clock.now(),
      updated_by: null,
    });
    const after = await snapshot(t);
    expect(after).toEqual({
      ...before,
      asset_files: before.asset_files + 1,
      blobs: before.blobs + 1,
      jobs: before.jobs + 1,
      blobFiles: before.blobFiles + 1,
    });

    // And once more: stable again.
    const again = await t.context.imports.importDirectory(dir);
    expect(again.files).toEqual({ created: 0, newVersions: 0, unchanged: 7 });
    expect(again.assets).toEqual({ created: 0, updated: 0, unchanged: 5 });
  });

  it('gives assets without an id numbers after the explicit ones, and moves branches between roots', async () => {
    const manifest = {
      nodes: [{ id: 124, parentId: 1, name: { de: 'Vorlagen' } }],
      assets: [
        { container: 11, name: { de: 'Noch ein Bild' }, files: [{ path: 'more.png', mediaType: 1300 }] },
      ],
    };
    const more = await tempDir(manifest, { 'more.png': 'cutout-alpha.png' });
    const report = await t.context.imports.importDirectory(more);
    expect(report.nodes).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(report.files).toEqual({ created: 1, newVersions: 0, unchanged: 0 });
    const { db } = t.context.database;
    const added = await db
      .selectFrom('assets')
      .select('id')
      .where('source_key', '=', 'path:more.png')
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(5000);
    // The template asset in node 124 moved to the German root along with its node.
    const template = await db
      .selectFrom('assets')
      .select('root_id')
      .where('source_key', '=', 'path:template.pdf')
      .executeTakeFirstOrThrow();
    expect(template.root_id).toBe(1);
    const found = await t.context.search.search({ text: 'Vorlage', rootId: 1, offset: 0, limit: 10 });
    expect(found.total).toBe(1);
    // Same bytes as an earlier file: no second blob, no second renditions job.
    expect((await db.selectFrom('blobs').select('sha256').execute()).length).toBe(8);
  });

  it('reports every problem of a bad manifest at once and writes nothing', async () => {
    const outside = await tempDir({}, { 'secret.jpg': 'packshot-rgb.jpg' });
    const asset = (file: string, mediaType = 1100, extra: object = {}) => ({
      container: 11,
      name: { de: 'Bild' },
      files: [{ path: file, mediaType }],
      ...extra,
    });
    const manifest = {
      nodes: [
        { id: 20, parentId: 21, name: { de: 'A' } },
        { id: 21, parentId: 20, name: { de: 'B' } },
        { id: 22, parentId: 999, name: { de: 'C' } },
        { id: 23, parentId: null, name: { de: 'D' } },
        { id: 'x', name: {} },
        { id: 1, parentId: null, name: { de: 'Deutschland' } },
        { id: 1, parentId: null, name: { de: 'Deutschland' } },
        { id: 658, parentId: 1, name: { de: 'Schweiz' } },
      ],
      assets: [
        asset('ok.jpg', 1100, { customFields: { '100': '4006067084219' } }),
        asset('nope.jpg'),
        asset('../../etc/passwd'),
        { ...asset('ok.jpg', 1100, { id: 7001 }), container: 4242 },
        asset('ok.jpg', 1600, { id: 7002 }),
        asset('bad/not-an-image.jpg'),
        asset('bad/pixel-flood.png'),
        asset('bad/truncated.jpg'),
        asset('bad/zero-bytes.png'),
        asset('bad/windows-exe.png'),
        asset('ok.jpg', 1100, { id: 7003, customFields: { '102': '13', '103': '0', '104': 'x' } }),
        asset('template.pdf'),
        { container: 11, files: [{ path: 'ok.jpg', mediaType: 1100 }] },
        asset('link.jpg'),
        asset('ok.jpg', 1100, { id: 7004 }),
        asset('ok.jpg', 1100, { id: 7004 }),
        asset('/etc/hostname'),
        asset('ok.jpg', 1100, { id: 7005, container: 20 }),
        asset('bad'),
      ],
      gs1: [{ container: 11, path: 'ok.jpg' }],
    };
    const bad = await tempDir(manifest, {
      'ok.jpg': 'packshot-rgb.jpg',
      'template.pdf': 'template.pdf',
      'bad/not-an-image.jpg': 'bad/not-an-image.jpg',
      'bad/pixel-flood.png': 'bad/pixel-flood.png',
      'bad/truncated.jpg': 'bad/truncated.jpg',
      'bad/zero-bytes.png': 'bad/zero-bytes.png',
      'bad/windows-exe.png': 'bad/windows-exe.png',
    });
    await fs.symlink(path.join(outside, 'secret.jpg'), path.join(bad, 'link.jpg'));

    const before = await snapshot(t);
    const problems = await importProblems(t, bad);
    expect(codesByRow(problems)).toEqual({
      'nodes[0]': ['import.errors.cycle'],
      'nodes[1]': ['import.errors.cycle'],
      'nodes[2]': ['import.errors.unknownParent'],
      'nodes[3]': ['import.errors.badRoot'],
      'nodes[4]': ['import.errors.invalid', 'import.errors.required', 'import.errors.required'],
      'nodes[6]': ['import.errors.duplicateId'],
      'nodes[7]': ['import.errors.badRoot'],
      'assets[0]': ['import.errors.badGtin'],
      'assets[1]': ['import.errors.missingFile'],
      'assets[2]': ['import.errors.pathOutsideDir'],
      'assets[3]': ['import.errors.unknownContainer'],
      'assets[4]': ['import.errors.unknownMediaType'],
      'assets[5]': ['media.errors.unsupported'],
      'assets[6]': ['media.errors.tooLarge'],
      'assets[7]': ['media.errors.damaged'],
      'assets[8]': ['media.errors.empty'],
      'assets[9]': ['media.errors.unsupported'],
      'assets[10]': [
        'import.errors.badImageCategory',
        'import.errors.badVersion',
        'import.errors.badVariant',
      ],
      'assets[11]': ['import.errors.wrongFileType'],
      'assets[12]': ['import.errors.required'],
      'assets[13]': ['import.errors.pathOutsideDir'],
      'assets[15]': ['import.errors.duplicateId'],
      'assets[16]': ['import.errors.pathOutsideDir'],
      'assets[18]': ['import.errors.notAFile'],
      'gs1[0]': ['import.errors.notGs1Name'],
    });
    const byRow = (row: string) => problems.find((problem) => problem.row === row)!;
    expect(byRow('assets[0]')).toMatchObject({ field: 'customFields.100' });
    expect(byRow('assets[0]').message).toMatch(/check digit/);
    expect(byRow('assets[2]')).toMatchObject({ field: 'files[0].path', path: '../../etc/passwd' });
    expect(byRow('assets[12]')).toMatchObject({ field: 'name' });
    expect(byRow('nodes[2]').message).toMatch(/999/);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a manifest that is missing, not JSON, or of the wrong shape', async () => {
    const before = await snapshot(t);
    const empty = await tempDir('{}');
    await fs.rm(path.join(empty, 'manifest.json'));
    expect(await importProblems(t, empty)).toEqual([
      expect.objectContaining({ row: 'manifest.json', code: 'import.errors.noManifest' }),
    ]);
    expect(await importProblems(t, await tempDir('{ "nodes": [ '))).toEqual([
      expect.objectContaining({ row: 'manifest.json', code: 'import.errors.badJson' }),
    ]);
    expect(await importProblems(t, await tempDir({ nodes: {}, assets: 'x' }))).toEqual([
      expect.objectContaining({ row: 'manifest.json', field: 'nodes', code: 'import.errors.invalid' }),
      expect.objectContaining({ row: 'manifest.json', field: 'assets', code: 'import.errors.invalid' }),
    ]);
    expect(await importProblems(t, path.join(empty, 'nowhere'))).toEqual([
      expect.objectContaining({ code: 'import.errors.noManifest' }),
    ]);
    expect(await snapshot(t)).toEqual(before);
  });
});
