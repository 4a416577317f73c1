import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { JobDefinition, JobQueue } from '../../platform/jobs/job-queue.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { ConversionError } from '../media/conversion/conversion-error.js';
import type { ConversionFormat } from '../media/conversion/conversion-spec.js';
import { convertImage, type ConvertedImage } from '../media/conversion/convert-image.js';
import { MediaRejectedError } from '../media/media-types.js';
import type { MediaService } from '../media/media.service.js';
import type { PresetsService } from '../presets/presets.service.js';
import { conversionSpecOfPreset } from '../media/conversion/conversion-spec-of-preset.js';
import {
  conversionKeyText,
  type ConversionKey,
  type ConversionRequests,
  type ConversionRow,
} from './conversion-requests.js';
import { ConversionsRepository } from './conversions.repository.js';

export const CONVERSION_JOB = 'conversions.make';
export const ConversionJobPayload = z.object({
  sourceSha256: z.string().regex(/^[0-9a-f]{64}$/),
  presetId: z.number().int().positive(),
  presetVersion: z.number().int().positive(),
});
/** As the renditions job: enough for a restart or a blob store hiccup, not for a file that cannot work. */
export const CONVERSION_MAX_ATTEMPTS = 5;

/**
 * Failure codes besides the media module's refusals (media.errors.tooLarge, media.errors.damaged):
 * the preset asked for what the engine cannot make (`conversion.errors.<ConversionError reason>`), its
 * version is unknown, or our own trouble outlasted every attempt of the job.
 */
export const ConversionFailures = {
  presetVersionUnknown: 'conversion.errors.presetVersionUnknown',
  gaveUp: 'conversion.errors.failed',
  ofConversionError: (err: ConversionError) => `conversion.errors.${err.reason}`,
} as const;

/** Jobs queued per statement (7 parameters each: well within both databases' limits). */
const ENQUEUE_CHUNK = 100;

const MIME_TYPES: Record<ConversionFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  webp: 'image/webp',
};

export type ConversionOutcome = 'made' | 'skipped' | 'failed';

/** Rolls back the storing of a made file whose row is no longer pending. */
class NoLongerPending extends Error {}

export interface ConversionsDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  jobs: JobQueue;
  media: MediaService;
  presets: PresetsService;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Converted files made once and kept (issue 21.4). A conversion is keyed by the source's content
 * and the preset version: the first bundle that asks for it queues one job in the renditions lane,
 * every later bundle or link of the same key reuses the row (and, once made, its blob). The job
 * renders within the media module's memory budget, shared with thumbnails and previews, so the two
 * kinds of work together never promise more memory than the renders alone would.
 */
export class ConversionsService implements ConversionRequests {
  private readonly repository: ConversionsRepository;
  readonly makeJob: JobDefinition<typeof ConversionJobPayload>;

  constructor(private readonly deps: ConversionsDeps) {
    this.repository = new ConversionsRepository(deps.db);
    this.makeJob = {
      name: CONVERSION_JOB,
      lane: 'renditions',
      payload: ConversionJobPayload,
      maxAttempts: CONVERSION_MAX_ATTEMPTS,
      handler: async (key, { attempt }) => {
        try {
          await this.make(key);
        } catch (err) {
          // The queue records the job as failed for good after this attempt: the row must not wait forever.
          if (attempt >= CONVERSION_MAX_ATTEMPTS) await this.giveUp(key, err);
          throw err;
        }
      },
    };
    deps.jobs.define(this.makeJob);
  }

  async request(keys: readonly ConversionKey[], executor: Kysely<Database>): Promise<void> {
    const unique = [...new Map(keys.map((key) => [conversionKeyText(key), key])).values()];
    if (unique.length === 0) return;
    const fresh = await new ConversionsRepository(executor).insertPending(unique, this.deps.clock.now());
    for (let i = 0; i < fresh.length; i += ENQUEUE_CHUNK) {
      await this.deps.jobs.enqueueMany(this.makeJob, fresh.slice(i, i + ENQUEUE_CHUNK), { executor });
    }
  }

  startMaking(): void {
    this.deps.jobs.wakeLane(this.makeJob.lane);
  }

  rowsOf(keys: readonly ConversionKey[], executor?: Kysely<Database>): Promise<Map<string, ConversionRow>> {
    return (executor ? new ConversionsRepository(executor) : this.repository).rowsOf(keys);
  }

  /**
   * The job's work, idempotent: a row that is not pending (made, failed, or never asked for) is left
   * alone. A source the engine refuses (pixel flood, damaged) or a preset it cannot follow marks the
   * row failed with the reason, once: the same bytes would fail the same way. Our own trouble (blob
   * missing, PDFium not starting, the database) throws, so the job tries again; once the job gave
   * up, the row is failed with `gaveUp`, and only a job run again by an administrator (/admin/jobs)
   * reaches such a row: it makes the file anew, as the administrator asked.
   */
  async make(key: ConversionKey): Promise<ConversionOutcome> {
    const row = await this.repository.find(key);
    const retriedAfterGivingUp =
      row?.status === 'failed' &&
      row.failure === ConversionFailures.gaveUp &&
      (await this.repository.reopenGivenUp(key, ConversionFailures.gaveUp));
    if (row?.status !== 'pending' && !retriedAfterGivingUp) return 'skipped';
    const version = await this.deps.presets.version(key.presetId, key.presetVersion);
    if (!version) return this.fail(key, ConversionFailures.presetVersionUnknown, 'preset version unknown');
    const sourcePath = await this.deps.blobs.localPath(key.sourceSha256);
    if (!sourcePath) throw new Error(`Blob ${key.sourceSha256} is not in the blob store`);

    let converted: ConvertedImage;
    try {
      converted = await convertImage(sourcePath, conversionSpecOfPreset(version.settings), {
        budget: this.deps.media.renderBudget,
      });
    } catch (err) {
      if (err instanceof MediaRejectedError) return this.fail(key, err.code, err.message);
      if (err instanceof ConversionError)
        return this.fail(key, ConversionFailures.ofConversionError(err), err.message);
      throw err;
    }
    try {
      return await this.store(key, converted);
    } finally {
      // convertImage wrote into a temp folder of its own.
      await fsp.rm(path.dirname(converted.path), { recursive: true, force: true });
    }
  }

  /**
   * The output as a blob with its row, and the conversion's row done, in one transaction. When the
   * row is no longer pending by then (its source was deleted meanwhile, or another runner finished
   * first), nothing is recorded and the file goes again unless a blob row names the same bytes (as
   * media's ingest does with a refused file): no made file is left that no row knows of.
   */
  private async store(key: ConversionKey, converted: ConvertedImage): Promise<ConversionOutcome> {
    const blob = await this.deps.blobs.put(fs.createReadStream(converted.path));
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await this.deps.media.storeBlobRow(blob, MIME_TYPES[converted.format], trx);
        const done = await new ConversionsRepository(trx).markDone(key, {
          blobSha256: blob.sha256,
          size: blob.size,
          crc32: blob.crc32,
          width: converted.width,
          height: converted.height,
          colourSpace: converted.colourSpace,
          dpi: converted.dpi,
          finishedAt: this.deps.clock.now(),
        });
        if (!done) throw new NoLongerPending();
      });
      return 'made';
    } catch (err) {
      if (!(err instanceof NoLongerPending)) throw err;
      if (!(await this.repository.blobRowExists(blob.sha256))) await this.deps.blobs.delete(blob.sha256);
      return 'skipped';
    }
  }

  private async fail(key: ConversionKey, code: string, reason: string): Promise<ConversionOutcome> {
    this.deps.log.warn({ ...key, code, reason }, 'conversion failed: source or preset refused');
    await this.repository.markFailed(key, code, this.deps.clock.now());
    return 'failed';
  }

  private async giveUp(key: ConversionKey, err: unknown): Promise<void> {
    try {
      await this.repository.markFailed(key, ConversionFailures.gaveUp, this.deps.clock.now());
    } catch (markErr) {
      this.deps.log.error({ ...key, err: markErr, cause: err }, 'conversion could not be marked failed');
    }
  }
}
