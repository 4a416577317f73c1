import { ErrorCodes, type AssetAnswer } from '@mediabox/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import fs from 'node:fs/promises';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from './testing/catalogue-seed.js';

const TWO_PAGES_PDF = new URL('../../../test-fixtures/media/conversion/two-pages.pdf', import.meta.url);

/** A 12 MP camera-sized JPEG: 4000 x 3000, larger than its 1600 px preview. */
async function cameraPicture(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#8a6a3c' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describeEachDatabase('zoom rendition (issue 22.6)', (dialect) => {
  let t: TestApp;
  let token: string;
  let large: SeededAsset;
  let small: SeededAsset;
  let pdf: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token } = await signInAs(t, 'registered'));
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    const bytes = await cameraPicture();
    const seeded = imageAsset(10, 1, 'Kamera', { bytes });
    seeded.files[0] = { ...seeded.files[0]!, width: 4000, height: 3000 };
    large = await seedAsset(t, seeded);
    small = await seedAsset(t, imageAsset(10, 1, 'Klein'));
    const document = imageAsset(10, 1, 'Prospekt');
    document.files[0] = {
      ...document.files[0]!,
      bytes: await fs.readFile(TWO_PAGES_PDF),
      fileName: 'Prospekt.pdf',
      mimeType: 'application/pdf',
    };
    pdf = await seedAsset(t, document);
    await t.context.database.db
      .updateTable('asset_files')
      .set({ page_count: 2 })
      .where('id', '=', pdf.fileIds[0]!)
      .execute();
  });
  afterAll(() => t.close());

  async function assetOf(seeded: SeededAsset) {
    const response = await call(t.app, 'GET', `/api/asset/${seeded.id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AssetAnswer>().data;
  }

  it('is offered only for pictures larger than their preview', async () => {
    expect((await assetOf(large)).zoomPreview).toMatch(/^\/api\/file\/\d+\/zoom\?exp=\d+&sig=/);
    expect((await assetOf(small)).zoomPreview).toBeNull();
  });

  it('answers previewPending until made on demand, then a JPEG of at most 3000 px', async () => {
    const { zoomPreview } = await assetOf(large);
    const first = await call(t.app, 'GET', zoomPreview!);
    expectError(first, 404, ErrorCodes.previewPending);
    expect(first.headers['cache-control']).toBe('no-store');
    // The app retries: the second ask queues nothing more.
    expectError(await call(t.app, 'GET', zoomPreview!), 404, ErrorCodes.previewPending);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);

    const ready = await call(t.app, 'GET', zoomPreview!);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(ready.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      width: 3000,
      height: 2250,
    });
    expect(await t.runJobs()).toBe(0);
  });

  it('refuses unsigned and tampered zoom URLs, and a preview ticket used for the zoom', async () => {
    const { zoomPreview, largePreview } = await assetOf(large);
    const url = new URL(zoomPreview!, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const fileId = large.fileIds[0];
    expectError(await call(t.app, 'GET', `/api/file/${fileId}/zoom`), 403, ErrorCodes.ticketInvalid);
    expectError(
      await call(t.app, 'GET', `/api/file/${fileId}/zoom?exp=${exp}&sig=${sig.slice(0, -2)}AA`),
      403,
      ErrorCodes.ticketInvalid,
    );
    const previewSig = new URL(largePreview!, 'http://x').searchParams.get('sig')!;
    expectError(
      await call(t.app, 'GET', `/api/file/${fileId}/zoom?exp=${exp}&sig=${previewSig}`),
      403,
      ErrorCodes.ticketInvalid,
    );
  });

  it('renders page 2 of a multi-page PDF for the page strip; pages it lacks are not found', async () => {
    const { pagePreviews, zoomPreview } = await assetOf(pdf);
    expect(zoomPreview).toBeNull();
    expect(pagePreviews).toHaveLength(2);
    const second = pagePreviews![1]!;
    expect(second).toMatch(/^\/api\/file\/\d+\/page2\?exp=/);
    expectError(await call(t.app, 'GET', second), 404, ErrorCodes.previewPending);
    await t.runJobs();
    const ready = await call(t.app, 'GET', second);
    expect(ready.statusCode, ready.body).toBe(200);
    const meta = await sharp(ready.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1200);

    // page3 is a valid ticket variant, but this PDF has two pages.
    const third = await t.context.tickets.url(pdf.fileIds[0]!, 'page3');
    expectError(await call(t.app, 'GET', third), 404, ErrorCodes.notFound);
    expectError(await call(t.app, 'GET', `/api/file/${pdf.fileIds[0]}/page51`), 404, ErrorCodes.notFound);
    // Lists carry no page strip: only the asset's own answer does.
    const list = await call(t.app, 'GET', '/api/assets/10', { token });
    expect(list.json<{ results: { pagePreviews?: string[] }[] }>().results[0]!.pagePreviews).toBeUndefined();
  });
});
