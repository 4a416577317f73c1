import type { ConsentAnswer, TrackRequest } from '@mediabox/contract';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { PageViewsTable, SearchEventsTable } from '../../platform/db/schema.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { RateLimiter } from '../../platform/http/rate-limiter.js';
import { audienceOf } from './audience.js';
import { RECORDED_SEARCHES_PER_USER, TRACK_BATCHES_PER_IP } from './tracking.rate-limits.js';
import type { TrackingRepository } from './tracking.repository.js';

type ParsedTrackRequest = z.output<typeof TrackRequest>;

/** Rows per erasing update or delete: short enough that SQLite's single writer is never held for long. */
const IP_ERASE_BATCH = 5000;

export interface TrackingServiceDeps {
  repository: TrackingRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/** What became of a batch; the caller answers 204 in every case. */
export type TrackOutcome = 'recorded' | 'noConsent' | 'rateLimited' | 'empty';

/** Who sent a batch: the signed-in user (null for a guest or a refused token) and the client address. */
export interface TrackClient {
  user: AuthUser | null;
  ip: string;
}

/**
 * A search the server ran, as it is recorded: the term as asked and the total found. The search
 * module tells tracking through its `SearchRecorder` port (wired in context.ts), so tracking needs
 * nothing of search.
 */
export interface RecordedSearch {
  query: string;
  resultCount: number;
  rootId: number;
  categories?: readonly number[] | undefined;
}

/**
 * Consent and first-party usage tracking (spec 1, 2.9, 9). Nothing is recorded without a yes: for a
 * signed-in user the stored decision counts (the app pushes the browser's decision at login and on
 * every change), for a guest the browser's decision sent with the batch.
 */
export class TrackingService {
  constructor(private readonly deps: TrackingServiceDeps) {}

  async consent(user: AuthUser): Promise<ConsentAnswer> {
    const stored = await this.deps.repository.consentOf(user.id);
    return {
      tracking: stored?.consent == null ? null : stored.consent === 1,
      decidedAt: stored?.decidedAt ?? null,
    };
  }

  async setConsent(user: AuthUser, tracking: boolean): Promise<ConsentAnswer> {
    await this.deps.repository.setConsent(user.id, tracking ? 1 : 0, this.deps.clock.now());
    return this.consent(user);
  }

  /**
   * Records a batch with consent. A signed-in user needs both their stored yes and the batch's:
   * a withdrawal takes effect from the browser's side at once, even before its PUT has arrived.
   * A token that was sent but refused (expired, revoked) counts as a guest. Over the rate limit
   * the batch is dropped, not refused.
   */
  async track(batch: ParsedTrackRequest, client: TrackClient): Promise<TrackOutcome> {
    if (batch.events.length === 0) return 'empty';
    if (!batch.consent) return 'noConsent';
    if (client.user !== null) {
      const stored = await this.deps.repository.consentOf(client.user.id);
      if (stored?.consent !== 1) return 'noConsent';
    }
    if (!(await this.deps.rateLimiter.allow(TRACK_BATCHES_PER_IP, client.ip))) return 'rateLimited';

    const at = this.deps.clock.now();
    const personal = { user_id: client.user?.id ?? null, audience: audienceOf(client.user), ip: client.ip };
    const pageViews: Insertable<PageViewsTable>[] = batch.events.map((event) => ({
      at,
      path: event.path,
      country: event.country ?? null,
      lang: event.lang ?? null,
      ...personal,
    }));
    await this.deps.repository.insertEvents(pageViews, []);
    return 'recorded';
  }

  /**
   * Records a search the server ran (issue 17.8): the term as asked and the total it found, so no
   * client can put a made-up term or count on the insights. Searching needs a sign-in, so the user's
   * stored decision is the consent; the per-user limit keeps one account from filling the top terms.
   */
  async recordSearch(
    search: RecordedSearch,
    client: TrackClient & { user: AuthUser },
  ): Promise<TrackOutcome> {
    const stored = await this.deps.repository.consentOf(client.user.id);
    if (stored?.consent !== 1) return 'noConsent';
    if (!(await this.deps.rateLimiter.allow(RECORDED_SEARCHES_PER_USER, String(client.user.id)))) {
      return 'rateLimited';
    }
    const categories = [...new Set(search.categories ?? [])].sort((a, b) => a - b);
    const row: Insertable<SearchEventsTable> = {
      at: this.deps.clock.now(),
      // Trimmed and lower-cased, so "Crema " and "crema" count as one query.
      query: search.query.trim().toLowerCase(),
      result_count: search.resultCount,
      filters: categories.length > 0 ? JSON.stringify({ categories }) : null,
      root_id: search.rootId,
      user_id: client.user.id,
      audience: audienceOf(client.user),
      ip: client.ip,
    };
    await this.deps.repository.insertEvents([], [row]);
    return 'recorded';
  }

  /**
   * The download history serves the takedown loop for its lookback (a year): older rows are
   * deleted. Answers how many.
   */
  async forgetOldDownloads(retentionMs: number): Promise<number> {
    return this.deps.repository.forgetDownloadsBefore(this.deps.clock.now() - retentionMs, IP_ERASE_BATCH);
  }

  /** Spec 9 (privacy text): IP addresses are kept seven days. Answers how many were erased. */
  async eraseOldIps(retentionMs: number): Promise<number> {
    return this.deps.repository.eraseIpsBefore(this.deps.clock.now() - retentionMs, IP_ERASE_BATCH);
  }
}
