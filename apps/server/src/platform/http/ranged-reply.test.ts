import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { sendRanged, type RangedAnswer } from './ranged-reply.js';

const BYTES = Buffer.from('0123456789abcdefghij');

/** sendRanged on its own: one probe route per variant the catalogue, delivery and orders routes use. */
describe('sendRanged', () => {
  let app: FastifyInstance;
  let counted: string[] = [];
  let reads = 0;
  let failCounting = false;
  let completed: string[] = [];

  const body = (): RangedAnswer => ({
    size: BYTES.length,
    type: 'application/octet-stream',
    cacheControl: 'private, max-age=60',
    read: (range) => {
      reads += 1;
      return Readable.from([range ? BYTES.subarray(range.start, range.end + 1) : BYTES]);
    },
  });
  const variants: Record<string, () => RangedAnswer> = {
    plain: body,
    file: () => ({ ...body(), etag: '"v1"', disposition: 'attachment', ifNoneMatch: true }),
    zip: () => ({ ...body(), etag: '"v1"', headIsWhole: true, headers: { 'x-extra': 'yes' } }),
    counted: () => ({
      ...body(),
      countDownload: async ({ ip }) => {
        if (failCounting) throw new Error('database down');
        counted.push(ip);
      },
    }),
    empty: () => ({ ...body(), size: 0 }),
    completed: () => ({ ...body(), onComplete: async () => void completed.push('done') }),
    // Fails after its first bytes: the client never gets the last one.
    broken: () => ({
      ...body(),
      read: () =>
        new Readable({
          read() {
            this.push(BYTES.subarray(0, 4));
            this.destroy(new Error('disk gone'));
          },
        }),
      onComplete: async () => void completed.push('broken'),
    }),
  };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    for (const [name, answer] of Object.entries(variants)) {
      app.route({
        method: ['GET', 'HEAD'],
        url: `/${name}`,
        handler: (request, reply) => sendRanged(request, reply, answer()),
      });
    }
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    counted = [];
    reads = 0;
    failCounting = false;
    completed = [];
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });

  it('answers the whole body, a single range with 206, and 416 beyond the end', async () => {
    const whole = await get('/plain');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(BYTES)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(BYTES.length),
      'cache-control': 'private, max-age=60',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(whole.headers.etag).toBeUndefined();
    expect(whole.headers['content-disposition']).toBeUndefined();

    const part = await get('/plain', { range: 'bytes=5-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${BYTES.length}`);
    expect(part.headers['content-length']).toBe('5');
    expect(part.body).toBe('56789');

    const beyond = await get('/plain', { range: `bytes=${BYTES.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${BYTES.length}`);
  });

  it('serves a Range under any If-Range without an ETag, and only under the current one with it', async () => {
    expect((await get('/plain', { range: 'bytes=0-1', 'if-range': '"old"' })).statusCode).toBe(206);
    expect((await get('/file', { range: 'bytes=0-1', 'if-range': '"old"' })).statusCode).toBe(200);
    expect((await get('/file', { range: 'bytes=0-1', 'if-range': '"v1"' })).statusCode).toBe(206);
  });

  it('answers 304 for a matching If-None-Match only where asked to', async () => {
    const cached = await get('/file', { 'if-none-match': 'W/"v0", "v1"' });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers).toMatchObject({ etag: '"v1"', 'content-disposition': 'attachment' });
    expect((await get('/zip', { 'if-none-match': '"v1"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers only: the range asked for, or always the whole body', async () => {
    const head = await get('/file', { range: 'bytes=0-9' }, 'HEAD');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    const zipHead = await get('/zip', { range: 'bytes=0-9' }, 'HEAD');
    expect(zipHead.statusCode).toBe(200);
    expect(zipHead.headers).toMatchObject({ 'content-length': String(BYTES.length), 'x-extra': 'yes' });
    expect((await get('/zip', { range: 'bytes=99-' }, 'HEAD')).statusCode).toBe(416);
    expect(reads).toBe(0);
  });

  it('counts a GET from the first byte once, not a later part or a HEAD; a failure is not the answer’s', async () => {
    await get('/counted');
    await get('/counted', { range: 'bytes=0-3' });
    await get('/counted', { range: 'bytes=4-' });
    await get('/counted', {}, 'HEAD');
    expect(counted).toEqual(['127.0.0.1', '127.0.0.1']);
    failCounting = true;
    const answer = await get('/counted');
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(BYTES)).toBe(true);
  });

  it('answers an empty body without reading it', async () => {
    const empty = await get('/empty');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-length']).toBe('0');
    expect(reads).toBe(0);
  });

  it('tells a download complete once bytes up to the last went out: whole or a Range to the end, not a part, a HEAD or a failed stream', async () => {
    /** onComplete runs after the answer has gone out: give it its turn. */
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    await get('/completed');
    await settled();
    expect(completed).toEqual(['done']);
    await get('/completed', { range: 'bytes=0-4' });
    await get('/completed', {}, 'HEAD');
    await settled();
    expect(completed).toEqual(['done']);
    expect((await get('/completed', { range: 'bytes=5-' })).statusCode).toBe(206);
    await settled();
    expect(completed).toEqual(['done', 'done']);
    await get('/broken').catch(() => undefined);
    await settled();
    expect(completed).toEqual(['done', 'done']);
  });
});
