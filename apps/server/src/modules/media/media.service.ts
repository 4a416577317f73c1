import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { JobDefinition, JobQueue } from '../../platform/jobs/job-queue.js';
import type { BlobStore, StoredBlob } from '../../platform/storage/blob-store.js';
import { ContentHasher } from '../../platform/storage/content-hasher.js';
import { MemoryBudget } from './memory-budget.js';
import { probeMedia } from './media-probe.js';
import {
  MediaRejectedError,
  pageOfRenditionKind,
  RENDITION_SIZES,
  type MediaInfo,
  type PageRenditionKind,
  type Rendition,
} from './media-types.js';
import { RenditionsRepository } from './renditions.repository.js';
import {
  estimatedRenderBytes,
  releaseDecodedImagesAfterUse,
  RENDER_MEMORY_BUDGET,
  RENDERS_AT_ONCE,
  RENDITION_CONCURRENCY,
} from './render-memory.js';
import { renderRenditions } from './renditions.js';
import { renderPdfPage, renderZoom, zoomable } from './zoom-rendition.js';

export { RENDITION_CONCURRENCY };

export const RenditionsJobPayload = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export const RENDITIONS_JOB = 'media.renditions';
export const ON_DEMAND_JOB = 'media.on-demand';
/** Renditions made when first asked for (issue 22.6): the zoom picture and a PDF's pages. */
export type OnDemandKind = 'zoom' | PageRenditionKind;
export const OnDemandJobPayload = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.custom<OnDemandKind>(
    (value) => value === 'zoom' || (typeof value === 'string' && pageOfRenditionKind(value) !== null),
  ),
});

export interface RenditionRef {
  /** The rendition's own blob (a JPEG). */
  sha256: string;
  width: number;
  height: number;
}

export type SourceRenditions = Partial<Record<Rendition['kind'], RenditionRef>>;

export type RenditionsOutcome = 'rendered' | 'skipped' | 'rejected';

export interface MediaDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
}

const RENDITION_KINDS: Rendition['kind'][] = ['thumb', 'preview'];

/**
 * Media files in the catalogue: ingest (store, check, record), and thumbnails/previews made by a
 * durable job keyed by the source's sha256, so identical files share one set of renditions.
 */
export class MediaService {
  private readonly repository: RenditionsRepository;
  /**
   * Renders run in parallel, one per core, admitted by their estimated memory so that large sources
   * cannot pile up. The renditions lane calls generateRenditions from RENDITION_CONCURRENCY workers
   * (more than the renders: while one stores its JPEGs, another renders); any number is safe.
   * Conversions (modules/conversions) run in the same lane and render within this same budget, so
   * the two kinds of work together cannot promise more memory than it holds.
   */
  readonly renderBudget = new MemoryBudget(RENDER_MEMORY_BUDGET, RENDERS_AT_ONCE);
  readonly renditionsJob: JobDefinition<typeof RenditionsJobPayload>;
  readonly onDemandJob: JobDefinition<typeof OnDemandJobPayload>;
  /** `sha256:kind` queued by this process: a viewer's retries queue a rendition once, not 15 times. */
  private readonly requested = new Set<string>();

  constructor(private readonly deps: MediaDeps) {
    this.repository = new RenditionsRepository(deps.db);
    releaseDecodedImagesAfterUse();
    this.renditionsJob = {
      name: RENDITIONS_JOB,
      lane: 'renditions',
      payload: RenditionsJobPayload,
      maxAttempts: 5,
      handler: async ({ sha256 }) => {
        await this.generateRenditions(sha256);
      },
    };
    deps.jobs.define(this.renditionsJob);
    this.onDemandJob = {
      name: ON_DEMAND_JOB,
      lane: 'renditions',
      payload: OnDemandJobPayload,
      maxAttempts: 5,
      handler: async ({ sha256, kind }) => {
        try {
          await this.generateOnDemand(sha256, kind);
        } finally {
          this.requested.delete(`${sha256}:${kind}`);
        }
      },
    };
    deps.jobs.define(this.onDemandJob);
  }

  /**
   * Queues a rendition made on demand (issue 22.6): the zoom picture, or one page of a PDF's page
   * strip, the first time someone asks for it. A second request while the job is queued adds
   * nothing; after a restart one more job may be queued, which finds the rendition and skips.
   */
  async requestRendition(sha256: string, kind: OnDemandKind): Promise<void> {
    const key = `${sha256}:${kind}`;
    if (this.requested.has(key)) return;
    this.requested.add(key);
    try {
      await this.deps.jobs.enqueue(this.onDemandJob, { sha256, kind });
    } catch (err) {
      this.requested.delete(key);
      throw err;
    }
  }

  /**
   * The on-demand job's work, idempotent like generateRenditions. A zoom is made only of pictures
   * larger than their preview, a page only of a PDF that has it: the asset answer offers no others.
   */
  async generateOnDemand(sha256: string, kind: OnDemandKind): Promise<RenditionsOutcome> {
    if ((await this.repository.kindsOf(sha256)).has(kind)) return 'skipped';
    const filePath = await this.deps.blobs.localPath(sha256);
    if (!filePath) throw new Error(`Blob ${sha256} is not in the blob store`);
    let info: MediaInfo;
    let rendition: Rendition;
    try {
      info = await probeMedia(filePath);
      const page = pageOfRenditionKind(kind);
      if (page !== null) {
        if (info.kind !== 'document' || page > (info.pageCount ?? 1)) return 'rejected';
        rendition = await this.renderBudget.run(estimatedRenderBytes(info), () =>
          renderPdfPage(filePath, page),
        );
      } else {
        if (!zoomable(info)) return 'rejected';
        rendition = await this.renderBudget.run(estimatedRenderBytes(info, RENDITION_SIZES.zoom), () =>
          renderZoom(filePath, info),
        );
      }
    } catch (err) {
      if (!(err instanceof MediaRejectedError)) throw err;
      this.deps.log.warn(
        { sha256, kind, code: err.code, reason: err.message },
        'no rendition: source refused',
      );
      return 'rejected';
    }
    await this.store(sha256, info, [rendition]);
    return 'rendered';
  }

  /**
   * Stores a file, checks its content and records its blob row. A refused file is removed again
   * (unless a blob row already references the same bytes) and the MediaRejectedError is rethrown.
   * Does not enqueue renditions: call enqueueRenditions in the transaction that references the blob.
   */
  async ingest(
    source: Readable | Buffer,
    options: { maxBytes?: number } = {},
  ): Promise<{ blob: StoredBlob; info: MediaInfo }> {
    const { blobs } = this.deps;
    const blob = await blobs.put(source, options);
    const filePath = await blobs.localPath(blob.sha256);
    if (!filePath) throw new Error(`Blob ${blob.sha256} vanished right after it was stored`);
    try {
      const info = await probeMedia(filePath);
      await this.storeBlobRow(blob, info.mimeType);
      return { blob, info };
    } catch (err) {
      if (err instanceof MediaRejectedError && !(await this.repository.blobExists(blob.sha256))) {
        await blobs.delete(blob.sha256);
      }
      throw err;
    }
  }

  /** Records a stored blob in the `blobs` table; a second call for the same bytes changes nothing. */
  async storeBlobRow(blob: StoredBlob, mimeType: string, executor?: Kysely<Database>): Promise<void> {
    const repository = executor ? new RenditionsRepository(executor) : this.repository;
    await repository.insertBlob({ ...blob, mimeType, createdAt: this.deps.clock.now() });
  }

  /** Queues thumbnail and preview; pass the transaction so the job exists only if the import commits. */
  async enqueueRenditions(sha256: string, executor?: Kysely<Database>): Promise<void> {
    await this.deps.jobs.enqueue(this.renditionsJob, { sha256 }, executor ? { executor } : {});
  }

  /** Thumbnail and preview of each source that has them (sources without any are absent from the map). */
  async renditionsOf(sha256s: string[]): Promise<Map<string, SourceRenditions>> {
    const result = new Map<string, SourceRenditions>();
    for (const row of await this.repository.renditionsOf(sha256s)) {
      const entry = result.get(row.sourceSha256) ?? {};
      entry[row.kind] = { sha256: row.blobSha256, width: row.width, height: row.height };
      result.set(row.sourceSha256, entry);
    }
    return result;
  }

  /**
   * The job's work, idempotent: nothing happens when both renditions exist; after a crash half-way
   * the missing rows are written, existing ones are kept. A refused source is logged and not retried
   * (the same bytes would fail the same way); a missing blob throws, so the job retries and then fails visibly.
   */
  async generateRenditions(sha256: string): Promise<RenditionsOutcome> {
    const existing = await this.repository.kindsOf(sha256);
    if (RENDITION_KINDS.every((kind) => existing.has(kind))) return 'skipped';
    const filePath = await this.deps.blobs.localPath(sha256);
    if (!filePath) throw new Error(`Blob ${sha256} is not in the blob store`);

    let renditions: Rendition[];
    let info: MediaInfo;
    try {
      ({ info, renditions } = await this.probeAndRender(filePath));
    } catch (err) {
      if (!(err instanceof MediaRejectedError)) throw err;
      this.deps.log.warn({ sha256, code: err.code, reason: err.message }, 'no renditions: source refused');
      return 'rejected';
    }
    await this.store(sha256, info, renditions);
    return 'rendered';
  }

  /** Writes rendition JPEGs as blobs and their rows, in one transaction. */
  private async store(sha256: string, info: MediaInfo, renditions: Rendition[]): Promise<void> {
    const sourceRow = (await this.repository.blobExists(sha256))
      ? undefined
      : await this.describeBlob(sha256);
    const stored: Array<{ rendition: Rendition; blob: StoredBlob }> = [];
    for (const rendition of renditions) {
      stored.push({ rendition, blob: await this.deps.blobs.put(rendition.data) });
    }
    const now = this.deps.clock.now();
    await this.repository.transaction(async (repository) => {
      // Renditions reference their source's blob row: an importer normally wrote it, but not necessarily.
      if (sourceRow) await repository.insertBlob({ ...sourceRow, mimeType: info.mimeType, createdAt: now });
      for (const { rendition, blob } of stored) {
        await repository.insertBlob({ ...blob, mimeType: 'image/jpeg', createdAt: now });
        await repository.insertRendition({
          sourceSha256: sha256,
          kind: rendition.kind,
          blobSha256: blob.sha256,
          width: rendition.width,
          height: rendition.height,
          createdAt: now,
          placeholder: rendition.placeholder,
        });
      }
    });
  }

  /**
   * The probe reads header and structure only (a pixel flood is refused before any memory is
   * promised); then one render, which decodes every pixel with failOn 'error', within the budget.
   */
  private async probeAndRender(filePath: string): Promise<{ info: MediaInfo; renditions: Rendition[] }> {
    const info = await probeMedia(filePath);
    const renditions = await this.renderBudget.run(estimatedRenderBytes(info), () =>
      renderRenditions(filePath, info),
    );
    return { info, renditions };
  }

  /** sha256, size and CRC-32 of a stored blob, re-read in one streaming pass. */
  private async describeBlob(sha256: string): Promise<StoredBlob> {
    const hasher = new ContentHasher();
    const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await pipeline(this.deps.blobs.read(sha256), hasher, discard);
    const blob = hasher.result();
    if (blob.sha256 !== sha256)
      throw new Error(`Blob ${sha256} is corrupt: its content hashes to ${blob.sha256}`);
    return blob;
  }
}
