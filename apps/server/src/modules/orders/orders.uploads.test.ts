import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCodes, type Order, type OrdersAnswer } from '@mediabox/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { fixture } from '../../test/media-fixtures.js';
import { generatedFile, multipartBody, type FilePart } from '../../test/multipart.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { OrderUploads, type StoredUpload } from './order-uploads.js';
import { OrdersRepository } from './orders.repository.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

const file = async (name: string, uploadedAs = path.basename(name)): Promise<FilePart> => ({
  filename: uploadedAs,
  content: await fs.readFile(fixture(name)),
});

/** Every blob file in the store, so a test can prove a refused upload left nothing behind. */
async function blobFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'blobs');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name)).map((e) => e.name);
}

describeEachDatabase('order uploads', (dialect) => {
  let t: TestApp;
  let partner: Session;
  let staff: Session;
  let boss: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [partner, staff, boss] = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'internal'),
      signInAs(t, 'super'),
    ]);
  });
  afterAll(() => t.close());

  const send = (
    session: Session | null,
    method: 'PUT' | 'POST',
    fields: Record<string, string>,
    files: FilePart[],
  ) => {
    const { body, contentType } = multipartBody(fields, files);
    return t.app.inject({
      method,
      url: '/api/order',
      headers: {
        'content-type': contentType,
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      },
      payload: body,
    });
  };
  const get = (session: Session | null, url: string) =>
    call(t.app, 'GET', url, session ? { token: session.token } : {});
  const orderCount = async () => (await get(boss, '/api/order')).json<OrdersAnswer>().orders.length;

  it('creates an order from form fields and files: types by content, history, thumbnails by job', async () => {
    const answer = await send(
      staff,
      'POST',
      {
        name: 'Crema Display',
        de: 'true',
        at: 'false',
        new: 'yes',
        change: JSON.stringify({ data: false, packshot: true }),
        packshot: JSON.stringify({
          ecommerce: false,
          single: true,
          tray: false,
          display: true,
          other: false,
          description: 'Front und Seite',
          gtin: { ecommerce: '', single: '4006067084218', tray: '', display: '' },
          articleId: { display: 'D-1' },
        }),
      },
      [
        // A CMYK TIFF named .jpg is still a TIFF: the bytes decide.
        await file('packshot-cmyk.tif', 'front.jpg'),
        await file('cutout-alpha.png'),
        await file('template.pdf', 'Briefing Kampagne.pdf'),
      ],
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer.json<Order>();
    expect(order).toMatchObject({ name: 'Crema Display', de: true, at: false, country: 'de' });
    expect(order.packshot).toMatchObject({ single: true, display: true, articleId: { display: 'D-1' } });
    expect(order.files.map((f) => [f.originalname, f.mimetype, f.size])).toEqual([
      ['front.jpg', 'image/tiff', 80_554],
      ['cutout-alpha.png', 'image/png', 46_767],
      ['Briefing Kampagne.pdf', 'application/pdf', 12_125],
    ]);
    expect(order.files[0]!.filename).toMatch(/^[A-Za-z0-9_-]{22}\.tif$/);
    expect(order.files[2]!.thumbUrl).toBeNull();
    expect(order.history.map((entry) => [entry.action, entry.context.filename])).toEqual([
      ['CREATED', undefined],
      ['IMAGE_ADDED', 'front.jpg'],
      ['IMAGE_ADDED', 'cutout-alpha.png'],
      ['FILE_ADDED', 'Briefing Kampagne.pdf'],
    ]);

    // The original, byte for byte, through its signed URL (no token, as an <a href> would).
    const original = await get(null, order.files[0]!.url);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(await fs.readFile(fixture('packshot-cmyk.tif')))).toBe(true);
    expect(original.headers['content-disposition']).toContain('attachment');

    // Thumbnails: 404 (retry) until the job ran, then a JPEG within 400 px.
    const thumbUrl = order.files[0]!.thumbUrl!;
    expectError(await get(null, thumbUrl), 404, ErrorCodes.previewPending);
    await t.runJobs();
    const thumb = await get(null, thumbUrl);
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(400);
    expect((await get(null, order.files[1]!.previewUrl!)).statusCode).toBe(200);
    // A PDF has no preview, whatever URL is tried.
    const pdfName = order.files[2]!.filename;
    expectError(await get(staff, `/api/uploads/thumb/${pdfName}`), 404, ErrorCodes.orderFileNotFound);
  });

  it('guards file URLs: a forged or swapped signature is 403; without one, jde or super user only', async () => {
    const order = (
      await send(staff, 'PUT', { name: 'Signaturen' }, [await file('packshot-rgb.jpg')])
    ).json<Order>();
    const [image] = order.files;
    const url = new URL(image!.url, 'http://x');
    const forged = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`;
    expectError(await get(null, forged), 403, ErrorCodes.ticketInvalid);
    // The original's signature does not open the thumbnail.
    const swapped = `/api/uploads/thumb/${image!.filename}${url.search}`;
    expectError(await get(null, swapped), 403, ErrorCodes.ticketInvalid);
    expect((await get(null, `/api/uploads/${image!.filename}`)).statusCode).toBe(401);
    expect((await get(partner, `/api/uploads/${image!.filename}`)).statusCode).toBe(403);
    expect((await get(boss, `/api/uploads/${image!.filename}`)).statusCode).toBe(200);
    // An expired URL is 410, so the app can reload the order for fresh ones.
    t.clock.advance(2 * 60 * 60 * 1000);
    expectError(await get(null, image!.url), 410, ErrorCodes.ticketExpired);
  });

  it('refuses disguised, damaged and oversized files by content, and changes nothing', async () => {
    const before = await orderCount();
    const blobsBefore = await blobFiles(t);
    for (const bad of [
      'bad/windows-exe.png',
      'bad/not-an-image.jpg',
      'bad/pixel-flood.png',
      'bad/truncated.jpg',
      'bad/zero-bytes.png',
    ]) {
      const answer = await send(staff, 'POST', { name: `Schlecht ${bad}` }, [
        await file('packshot-rgb.jpg', 'good-first.jpg'),
        await file(bad),
      ]);
      expectError(answer, 415, ErrorCodes.orderFileRefused);
    }
    // An ELF binary and an SVG (script in the origin) are refused too, whatever their names.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);
    expectError(
      await send(staff, 'POST', { name: 'ELF' }, [{ filename: 'tool.pdf', content: elf }]),
      415,
      ErrorCodes.orderFileRefused,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(
      await send(staff, 'POST', { name: 'SVG' }, [{ filename: 'logo.png', content: svg }]),
      415,
      ErrorCodes.orderFileRefused,
    );
    expect(await orderCount()).toBe(before);
    expect((await blobFiles(t)).sort()).toEqual(blobsBefore.sort());
  });

  it('takes the files away again when the fields are bad or the order is out of reach', async () => {
    const blobsBefore = await blobFiles(t);
    const fresh = { filename: 'neu.pdf', content: Buffer.from('%PDF-1.7\n% unique bytes 7c1f\n') };
    // No name: the schema's field error, in the same shape as for JSON.
    const noName = await send(staff, 'POST', { description: 'ohne Namen' }, [fresh]);
    expectError(noName, 400, ErrorCodes.required);
    expect(noName.json<{ error: { fields: { path: string }[] } }>().error.fields[0]!.path).toBe('name');
    expectError(
      await send(staff, 'POST', { name: 'X', de: 'vielleicht' }, [fresh]),
      400,
      ErrorCodes.validation,
    );
    expectError(
      await send(staff, 'POST', { name: 'X', packshot: '{kaputt' }, [fresh]),
      400,
      ErrorCodes.validation,
    );
    expectError(
      await send(staff, 'PUT', { _id: '99999999', name: 'X' }, [fresh]),
      404,
      ErrorCodes.orderNotFound,
    );
    expectError(
      await send(staff, 'POST', { name: 'X' }, [{ ...fresh, field: 'other' }]),
      400,
      ErrorCodes.orderUploadInvalid,
    );
    expectError(await send(staff, 'POST', { name: 'X', name2: 'y' }, []), 400, ErrorCodes.validation);
    expect((await send(partner, 'POST', { name: 'X' }, [fresh])).statusCode).toBe(403);
    expect((await send(null, 'POST', { name: 'X' }, [fresh])).statusCode).toBe(401);
    expect((await blobFiles(t)).sort()).toEqual(blobsBefore.sort());
  });

  it('adds files to an existing order with a multipart change (FILE_ADDED only, fields untouched)', async () => {
    const order = (await send(staff, 'PUT', { name: 'Nachreichen', de: 'true' }, [])).json<Order>();
    expect(order.files).toEqual([]);
    const answer = await send(staff, 'PUT', { _id: String(order._id) }, [
      await file('logo.eps', 'Logo final.eps'),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const changed = answer.json<Order>();
    expect(changed).toMatchObject({ name: 'Nachreichen', de: true });
    expect(changed.files.map((f) => f.mimetype)).toEqual(['application/postscript']);
    expect(changed.history.map((entry) => entry.action)).toEqual(['CREATED', 'FILE_ADDED']);
  });

  it('uploads a 200 MB file with flat memory', async () => {
    const size = 200 * 1024 * 1024;
    const head = Buffer.from('%PDF-1.7\n');
    let peak = 0;
    const baseline = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - baseline);
    }, 20);
    try {
      const answer = await send(staff, 'POST', { name: 'Großes Master-PDF' }, [
        { filename: 'master.pdf', content: generatedFile(head, size) },
      ]);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<Order>().files[0]!.size).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    // Buffering the file would add at least its 200 MB; streaming stays within a few chunks.
    expect(peak).toBeLessThan(80 * 1024 * 1024);
  }, 120_000);
});

describeEachDatabase('order upload limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('stops a file over the size limit early with 413 and leaves no blob', async () => {
    const uploads = new OrderUploads(
      {
        blobs: t.context.blobs,
        repository: new OrdersRepository(t.context.database.db, t.context.database.dialect),
      },
      1024,
    );
    const into: StoredUpload[] = [];
    const error = await uploads
      .store(generatedFile(Buffer.from('%PDF-1.7\n'), 10 * 1024 * 1024), 'gross.pdf', into)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 413, code: ErrorCodes.orderFileTooLarge });
    expect(into).toEqual([]);
    await uploads.store(generatedFile(Buffer.from('%PDF-1.7\n'), 1000), 'klein.pdf', into);
    expect(into.map((upload) => upload.type.mimeType)).toEqual(['application/pdf']);
    // Not yet named by any order: discard removes the blob file.
    await uploads.discard(into);
    expect(await t.context.blobs.exists(into[0]!.blob.sha256)).toBe(false);
  });
});
