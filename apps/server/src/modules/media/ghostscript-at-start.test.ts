import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { epsPlaceholderRenditions } from './eps-placeholder.js';
import { ghostscriptAtStart } from './ghostscript-at-start.js';
import { GHOSTSCRIPT_MISSING } from './ghostscript-availability.js';
import { RENDITIONS_JOB } from './media.service.js';
import { RenditionsRepository } from './renditions.repository.js';

describeEachDatabase('EPS placeholders at start', (dialect) => {
  let t: TestApp;
  let eps: string;
  let jpeg: string;
  const db = () => t.context.database.db;
  const logged: Array<{ level: number; msg: string }> = [];
  // A real pino logger whose lines are kept, to see what a start says.
  const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // An EPS rendered while Ghostscript was missing, beside a JPEG with real renditions.
    const ingested = await t.context.media.ingest(fs.createReadStream(fixture('logo.eps')));
    eps = ingested.blob.sha256;
    const repository = new RenditionsRepository(db());
    for (const rendition of await epsPlaceholderRenditions(ingested.info)) {
      const blob = await t.context.blobs.put(rendition.data);
      await repository.insertBlob({ ...blob, mimeType: 'image/jpeg', createdAt: t.clock.now() });
      await repository.insertRendition({
        sourceSha256: eps,
        kind: rendition.kind,
        blobSha256: blob.sha256,
        width: rendition.width,
        height: rendition.height,
        createdAt: t.clock.now(),
        placeholder: rendition.placeholder,
      });
    }
    jpeg = (await t.context.media.ingest(fs.createReadStream(fixture('packshot-rgb.jpg')))).blob.sha256;
    await t.context.media.generateRenditions(jpeg);
    await db().deleteFrom('jobs').execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const renditions = () =>
    db()
      .selectFrom('renditions')
      .select(['source_sha256', 'kind', 'placeholder'])
      .orderBy('source_sha256')
      .orderBy('kind')
      .execute();
  const jobs = () =>
    db().selectFrom('jobs').select(['name', 'payload']).where('name', '=', RENDITIONS_JOB).execute();

  it('without Ghostscript: says so once, and leaves the placeholders alone', async () => {
    const before = await renditions();
    expect(before.filter((row) => row.placeholder === 1)).toHaveLength(2);
    expect(await ghostscriptAtStart({ db: db(), media: t.context.media, log }, false)).toEqual({
      installed: false,
      requeued: 0,
    });
    expect(logged.map((line) => [line.level, line.msg])).toEqual([[40, GHOSTSCRIPT_MISSING]]);
    expect(await renditions()).toEqual(before);
    expect(await jobs()).toEqual([]);
  });

  it('with Ghostscript: deletes the placeholders and queues their sources, real renditions stay', async () => {
    logged.length = 0;
    expect(await ghostscriptAtStart({ db: db(), media: t.context.media, log }, true)).toEqual({
      installed: true,
      requeued: 1,
    });
    expect(await renditions()).toEqual([
      { source_sha256: jpeg, kind: 'preview', placeholder: 0 },
      { source_sha256: jpeg, kind: 'thumb', placeholder: 0 },
    ]);
    const queued = await jobs();
    expect(queued).toHaveLength(1);
    expect(JSON.parse(String(queued[0]!.payload))).toEqual({ sha256: eps });
    // A second start finds nothing left to do.
    expect(await ghostscriptAtStart({ db: db(), media: t.context.media, log }, true)).toEqual({
      installed: true,
      requeued: 0,
    });
  });
});
