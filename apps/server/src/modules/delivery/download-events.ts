import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database, DownloadEventsTable } from '../../platform/db/schema.js';
import type { AuthUser } from '../../platform/http/auth.js';

export interface DownloadEvent {
  kind: DownloadEventsTable['kind'];
  bundleId?: number;
  assetId?: number;
  fileId?: number;
  mediaType?: number;
  /** The signed-in downloader; null for a link opened without login (spec 2.8: tracked as guest). */
  user: Pick<AuthUser, 'id' | 'jde' | 'isSuperUser'> | null;
}

/**
 * The download tracking hook (spec 6: "labels a download Internal or External by jde"): one row per
 * bundle or single-file download, for the tracking issue's reports. A failure to record never fails
 * the download itself: the caller logs and goes on.
 */
export class DownloadEvents {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Records for a user known only by id (a viewer-bound file ticket); an unknown id counts as guest. */
  async recordForViewer(viewerId: number | null, event: Omit<DownloadEvent, 'user'>): Promise<void> {
    const row =
      viewerId === null
        ? undefined
        : await this.db
            .selectFrom('users')
            .select(['id', 'jde', 'is_super_user'])
            .where('id', '=', viewerId)
            .executeTakeFirst();
    const user = row ? { id: row.id, jde: row.jde === 1, isSuperUser: row.is_super_user === 1 } : null;
    await this.record({ ...event, user });
  }

  async record(event: DownloadEvent): Promise<void> {
    const audience =
      event.user === null ? 'guest' : event.user.jde || event.user.isSuperUser ? 'internal' : 'external';
    await this.db
      .insertInto('download_events')
      .values({
        at: this.clock.now(),
        kind: event.kind,
        bundle_id: event.bundleId ?? null,
        asset_id: event.assetId ?? null,
        file_id: event.fileId ?? null,
        media_type: event.mediaType ?? null,
        user_id: event.user?.id ?? null,
        audience,
      })
      .execute();
  }
}
