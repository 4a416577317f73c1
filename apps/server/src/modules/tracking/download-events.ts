import type { Clock } from '../../platform/clock.js';
import type { DownloadEventsTable } from '../../platform/db/schema.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { audienceOf } from './audience.js';
import type { TrackingRepository } from './tracking.repository.js';

export interface DownloadEvent {
  kind: DownloadEventsTable['kind'];
  bundleId?: number;
  assetId?: number;
  fileId?: number;
  mediaType?: number;
  /** The signed-in downloader; null for a link opened without login (spec 2.8: tracked as guest). */
  user: Pick<AuthUser, 'id'> | null;
  /** The client address; stored only with the user's consent. */
  ip: string | null;
}

export interface DownloadEventsDeps {
  repository: TrackingRepository;
  clock: Clock;
}

/**
 * The download tracking hook (spec 6: "labels a download Internal or External by jde"): one row per
 * bundle or single-file download, for the insights. Every download is counted with its audience,
 * which a bundle owner's anonymous count needs; who downloaded (user id, address) is kept only when
 * that user's stored tracking consent is yes. A guest has no stored decision, so a guest's download
 * is always anonymous. The services that deliver files call it (catalogue originals, delivery
 * bundles); a failure to record never fails the download itself: the answer logs it and goes on.
 *
 * A signed-in user's download is also noted in their download history (`user_downloads`, issue
 * 20.3), consent or not: it is how the takedown loop tells them when an asset they took is withdrawn
 * or replaced, a part of the service rather than statistics. It holds user, asset and time only.
 */
export class DownloadEvents {
  constructor(private readonly deps: DownloadEventsDeps) {}

  /** Records for a user known only by id (a viewer-bound ticket); an unknown id counts as guest. */
  async recordForViewer(viewerId: number | null, event: Omit<DownloadEvent, 'user'>): Promise<void> {
    await this.record({ ...event, user: viewerId === null ? null : { id: viewerId } });
  }

  async record(event: DownloadEvent): Promise<void> {
    // Role and consent are read now, not taken from the session: the stored consent is what counts.
    const row = event.user === null ? undefined : await this.deps.repository.downloader(event.user.id);
    const user = row ? { jde: row.jde === 1, isSuperUser: row.is_super_user === 1 } : null;
    const consented = row?.tracking_consent === 1;
    const at = this.deps.clock.now();
    // Both facts are written even if one fails; the first failure is passed on (and logged there).
    const written = await Promise.allSettled([
      this.insertEvent(event, at, row && consented ? row.id : null, audienceOf(user)),
      row ? this.noteInHistory(row.id, event, at) : Promise.resolve(),
    ]);
    const failed = written.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async insertEvent(
    event: DownloadEvent,
    at: number,
    personalUserId: number | null,
    audience: DownloadEventsTable['audience'],
  ): Promise<void> {
    await this.deps.repository.insertDownload({
      at,
      kind: event.kind,
      bundle_id: event.bundleId ?? null,
      asset_id: event.assetId ?? null,
      file_id: event.fileId ?? null,
      media_type: event.mediaType ?? null,
      user_id: personalUserId,
      audience,
      ip: personalUserId === null ? null : event.ip,
    });
  }

  /** A file notes its asset, a bundle every asset in it; an event naming neither notes nothing. */
  private async noteInHistory(userId: number, event: DownloadEvent, at: number): Promise<void> {
    const { repository } = this.deps;
    if (event.kind === 'file' && event.assetId !== undefined) {
      await repository.noteFileDownloaded(userId, event.assetId, at);
    } else if (event.kind === 'bundle' && event.bundleId !== undefined) {
      await repository.noteBundleDownloaded(userId, event.bundleId, at);
    }
  }
}
