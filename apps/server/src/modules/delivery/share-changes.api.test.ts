import { ErrorCodes, type MessagesAnswer, type ShareContentsAnswer } from '@mediabox/contract';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, storeBlob } from '../catalogue/testing/catalogue-seed.js';
import { useCartWorld, type CartWorld } from '../cart/testing/cart-world.js';
import { zipEntries } from './testing/zip-entries.js';

/**
 * A sent bundle after the catalogue changed (issue 20.3): a withdrawn asset's entry is shown as
 * withdrawn and leaves the zip, a replaced file is delivered in its new version, positions stay.
 */
describeEachDatabase('share page after withdrawals and replacements', (dialect) => {
  const { world, put } = useCartWorld(dialect);
  let t: TestApp;
  let assets: CartWorld['assets'];
  beforeAll(() => {
    ({ t, assets } = world());
  });

  /** What a super user's replacement does to the rows: the old file retired, a new current version. */
  async function replaceFile(assetId: number, bytes: Buffer): Promise<number> {
    const db = t.context.database.db;
    await db.updateTable('asset_files').set({ is_current: 0 }).where('asset_id', '=', assetId).execute();
    const sha256 = await storeBlob(t, bytes, 'image/jpeg');
    const { id } = await db
      .insertInto('asset_files')
      .values({
        asset_id: assetId,
        media_type: 1100,
        blob_sha256: sha256,
        file_name: 'neu.jpg',
        mime_type: 'image/jpeg',
        width: 640,
        height: 480,
        dpi_x: null,
        colorspace: 'srgb',
        page_count: null,
        version: 2,
        is_current: 1,
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  it('marks a withdrawn entry and leaves it out of the zip; serves a replaced file’s new bytes in file and zip', async () => {
    const sender = await signInAs(t, 'registered');
    const gone = await seedAsset(t, imageAsset(12, 1, 'Bald weg'));
    const changed = await seedAsset(t, imageAsset(12, 1, 'Neu gemacht', { bytes: Buffer.from('old jpeg') }));
    await put(sender, { assetIds: [assets.crema!.id, gone.id, changed.id] });
    const sent = await call(t.app, 'POST', '/api/cart/send', {
      token: sender.token,
      body: { form: { email: 'kunde@example.org', copyCheckbox: false }, lang: 'fr' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = (
      await call(t.app, 'GET', '/api/messages/', { token: sender.token })
    ).json<MessagesAnswer>().messages;
    const name = message!.recipients[0]!.name;
    const before = (await call(t.app, 'GET', `/api/download/${name}/contents`)).json<ShareContentsAnswer>();
    expect(before.lang).toBe('fr');
    expect(before.files.map((file) => file.status)).toEqual(['available', 'available', 'available']);
    const zipBefore = await call(t.app, 'GET', `/api/download/${name}`);

    await t.context.database.db
      .updateTable('assets')
      .set({ withdrawn_at: t.clock.now() })
      .where('id', '=', gone.id)
      .execute();
    const newBytes = Buffer.from('the new version of this jpeg, longer than the old one');
    const newFileId = await replaceFile(changed.id, newBytes);

    const after = (await call(t.app, 'GET', `/api/download/${name}/contents`)).json<ShareContentsAnswer>();
    expect(after.files.map((file) => [file.position, file.name, file.status])).toEqual(
      before.files.map((file, index) => [
        file.position,
        file.name,
        ['available', 'withdrawn', 'replaced'][index],
      ]),
    );
    const [, withdrawn, replaced] = after.files;
    expect(withdrawn).toMatchObject({ url: null, thumbUrl: null });
    expect(replaced).toMatchObject({ size: newBytes.length, width: 640, height: 480 });
    expect(replaced!.url).toBe(before.files[2]!.url);
    expect(replaced!.thumbUrl).toMatch(new RegExp(`^/api/file/${newFileId}/thumb\\?`));

    expectError(
      await call(t.app, 'GET', `/api/download/${name}/file/${withdrawn!.position}`),
      404,
      ErrorCodes.notFound,
    );
    const single = await call(t.app, 'GET', replaced!.url!);
    expect(single.statusCode).toBe(200);
    expect(single.rawPayload.equals(newBytes)).toBe(true);
    expect(single.headers['content-disposition']).toContain(replaced!.name);

    const zip = await call(t.app, 'GET', after.zip.url);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.length).toBe(after.zip.size);
    expect(zip.headers.etag).not.toBe(zipBefore.headers.etag);
    const entries = await zipEntries(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([after.files[0]!.name, replaced!.name]);
    expect(entries[1]!.bytes.equals(newBytes)).toBe(true);
    // A resumed download under the old layout's validator gets the whole new zip, not a mixed one.
    const resumed = await call(t.app, 'GET', after.zip.url, {
      headers: { range: 'bytes=10-', 'if-range': String(zipBefore.headers.etag) },
    });
    expect(resumed.statusCode).toBe(200);
  });
});
