import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { GHOSTSCRIPT_MISSING, ghostscriptInstalled } from './ghostscript-availability.js';
import type { MediaService } from './media.service.js';
import { RenditionsRepository } from './renditions.repository.js';

/**
 * What a start does about Ghostscript, once: without it, one warning (EPS files will get
 * placeholder previews); with it, the placeholders of earlier starts without it are deleted and
 * their sources queued for real rendering, in one transaction (a crash leaves either the
 * placeholders or the jobs). Instances starting together each find what the other left: the
 * rendering job does nothing for a source that has its renditions.
 */
export async function ghostscriptAtStart(
  deps: { db: Kysely<Database>; media: MediaService; log: FastifyBaseLogger },
  installed = ghostscriptInstalled(),
): Promise<{ installed: boolean; requeued: number }> {
  if (!installed) {
    deps.log.warn(GHOSTSCRIPT_MISSING);
    return { installed, requeued: 0 };
  }
  const requeued = await new RenditionsRepository(deps.db).transaction(async (repository) => {
    const sources = await repository.takePlaceholderSources();
    for (const sha256 of sources) await deps.media.enqueueRenditions(sha256, repository.db);
    return sources.length;
  });
  if (requeued > 0)
    deps.log.info({ count: requeued }, 'Ghostscript found: EPS placeholder previews queued for rendering');
  return { installed, requeued };
}
