import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import type { SearchIndex } from './search-index.js';

const Payload = z.object({ assetIds: z.array(z.number().int().positive()).min(1).max(1000) });

/**
 * Re-indexes assets from the catalogue tables (withdrawn ones leave the index). Queued in the
 * transaction of a catalogue change, so the index catches up even when the process dies between
 * the commit and the index write; indexing twice is harmless.
 */
export function searchReindexJob(index: Pick<SearchIndex, 'indexAssets'>): JobDefinition<typeof Payload> {
  return {
    name: 'search.reindex',
    lane: 'search',
    payload: Payload,
    maxAttempts: 10,
    handler: async ({ assetIds }) => index.indexAssets(assetIds),
  };
}
