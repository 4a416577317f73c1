import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeImportDir } from '../../../test/import-dirs.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { opaqueAlphaPng, opaqueWebp, rgb16Tiff } from '../testing/format-samples.js';
import { ImportValidationError } from './import.errors.js';

const NODES = [
  { id: 10, parentId: 1, name: { de: 'Kaffee' } },
  { id: 11, parentId: 10, name: { de: 'Bohnen' } },
];

const asset = (name: string, ...files: { path: string; mediaType?: number }[]) => ({
  container: 11,
  name: { de: name },
  files,
});

describeEachDatabase('manifest import: media types from the content', (dialect) => {
  let t: TestApp;
  const dirs: string[] = [];
  const importDir = async (manifest: unknown, fixtures: Record<string, string>) => {
    const dir = await makeImportDir(manifest, fixtures);
    dirs.push(dir);
    await fs.writeFile(path.join(dir, 'scan.tif'), rgb16Tiff(64, 48));
    await fs.writeFile(path.join(dir, 'named.tif'), rgb16Tiff(32, 24));
    await fs.writeFile(path.join(dir, 'banner.webp'), await opaqueWebp(40, 30));
    await fs.writeFile(path.join(dir, 'opaque-alpha.png'), await opaqueAlphaPng(40, 30));
    return dir;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  const filesOf = async (assetId: number) =>
    t.context.database.db
      .selectFrom('asset_files')
      .select([
        'media_type',
        'mime_type',
        'colorspace',
        'bit_depth',
        'has_alpha',
        'transparent',
        'dpi_x',
        'width',
        'height',
      ])
      .where('asset_id', '=', assetId)
      .orderBy('media_type')
      .execute();

  it('decides a left-out media type from the content, keeps a named one, and records the real facts', async () => {
    const dir = await importDir(
      {
        nodes: NODES,
        assets: [
          asset('Scan', { path: 'scan.tif' }),
          asset('Banner', { path: 'banner.webp' }),
          asset('Freisteller', { path: 'cutout.png' }),
          asset('Deckend', { path: 'opaque-alpha.png' }),
          asset('Druck', { path: 'cmyk.jpg' }),
          asset('Druck-TIFF', { path: 'cmyk.tif' }),
          // Named print data, but RGB: the choice stands, the colour space tells the truth.
          asset('Benannt', { path: 'named.tif', mediaType: 1200 }),
          asset('Mehrere', { path: 'packshot.jpg' }, { path: 'logo.eps' }, { path: 'template.pdf' }),
        ],
        gs1: [{ container: 11, path: 'gs1/04006067084218_C3C1.png' }],
      },
      {
        'cutout.png': 'cutout-alpha.png',
        'cmyk.jpg': 'packshot-cmyk.jpg',
        'cmyk.tif': 'packshot-cmyk.tif',
        'packshot.jpg': 'packshot-rgb.jpg',
        'logo.eps': 'logo.eps',
        'template.pdf': 'template.pdf',
        'gs1/04006067084218_C3C1.png': 'cutout-alpha.png',
      },
    );
    const report = await t.context.imports.importDirectory(dir);
    const ids = report.items.map((item) => item.assetId);
    const rows = await Promise.all(ids.map(filesOf));
    const facts = (row: (typeof rows)[number][number]) => ({ ...row, dpi_x: row.dpi_x && Number(row.dpi_x) });

    expect(facts(rows[0]![0]!)).toEqual({
      media_type: 1100,
      mime_type: 'image/tiff',
      colorspace: 'rgb16',
      bit_depth: 16,
      has_alpha: 0,
      transparent: 0,
      dpi_x: 300,
      width: 64,
      height: 48,
    });
    expect(rows[1]).toMatchObject([{ media_type: 1100, mime_type: 'image/webp', has_alpha: 0 }]);
    expect(rows[2]).toMatchObject([
      { media_type: 1300, mime_type: 'image/png', colorspace: 'srgb', has_alpha: 1, transparent: 1 },
    ]);
    expect(rows[3]).toMatchObject([
      { media_type: 1100, mime_type: 'image/png', has_alpha: 1, transparent: 0 },
    ]);
    expect(rows[4]).toMatchObject([
      { media_type: 1200, mime_type: 'image/jpeg', colorspace: 'cmyk', bit_depth: 8 },
    ]);
    expect(rows[5]).toMatchObject([{ media_type: 1200, mime_type: 'image/tiff', colorspace: 'cmyk' }]);
    expect(rows[6]).toMatchObject([{ media_type: 1200, colorspace: 'rgb16', bit_depth: 16 }]);
    expect(rows[7]!.map((row) => [row.media_type, row.mime_type, row.bit_depth])).toEqual([
      [1100, 'image/jpeg', 8],
      [1400, 'application/postscript', null],
      [1500, 'application/pdf', null],
    ]);
    // A GS1 row without a media type is no longer taken for the web image.
    expect(rows[8]).toMatchObject([{ media_type: 1300, transparent: 1 }]);
  });

  it('refuses two files of one media type, also when the content decided it', async () => {
    const dir = await importDir(
      { nodes: NODES, assets: [asset('Zwei', { path: 'a.jpg' }, { path: 'scan.tif' })] },
      { 'a.jpg': 'packshot-rgb.jpg' },
    );
    const error = await t.context.imports.importDirectory(dir).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ImportValidationError);
    expect((error as ImportValidationError).problems).toEqual([
      expect.objectContaining({
        row: 'assets[0]',
        field: 'files[1].mediaType',
        code: 'import.errors.duplicateMediaType',
        message: expect.stringMatching(/scan\.tif is one by its content/),
      }),
    ]);
  });
});
