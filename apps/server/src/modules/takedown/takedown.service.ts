import {
  LANGUAGES,
  TAKEDOWN_LOOKBACK_DAYS,
  type AdminTakedownsAnswer,
  type AssetChange,
  type Language,
} from '@mediabox/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/schema.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import { writeAudit, type AdminActor } from '../audit/audit-log.js';
import { portalDay } from './portal-day.js';
import { takedownDigestMail, type DigestChange } from './takedown.mails.js';
import type { ChangeRow, ClaimedNotice, TakedownRepository } from './takedown.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** People mailed per transaction: a batch's claims and mails commit together. */
export const DIGEST_BATCH = 500;
/** Changes the admin overview lists. */
const LATEST_CHANGES = 50;
/** Changes each asset of the catalogue admin shows. */
const CHANGES_PER_ASSET = 20;

export interface TakedownDeps {
  repository: TakedownRepository;
  mail: MailOutbox;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'companyName'>;
}

export interface RecordedChange {
  assetId: number;
  kind: AssetChange['kind'];
  /** For 'replaced': the media type whose file has a new version. */
  mediaType?: number;
  actorId: number | null;
}

const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'de';

/**
 * The takedown loop (issue 20.3). A withdrawal or a replaced file is recorded in the transaction
 * that makes it, together with one notice per person who downloaded the asset within
 * TAKEDOWN_LOOKBACK_DAYS (signed in, or through a recipient's link); the notices are written by the
 * database from the download facts, never carried through here, so 10,000 downloaders cost two
 * statements. A digest job mails each person once for all changes of days that have ended.
 */
export class TakedownService {
  constructor(private readonly deps: TakedownDeps) {}

  /** Records the change and its notices on `executor` (the change's transaction); answers how many people will be told. */
  async recordChange(executor: Kysely<Database>, change: RecordedChange): Promise<number> {
    const repository = this.deps.repository.on(executor);
    const now = this.deps.clock.now();
    const id = await repository.insertChange({
      assetId: change.assetId,
      kind: change.kind,
      mediaType: change.kind === 'replaced' ? (change.mediaType ?? null) : null,
      at: now,
      actorId: change.actorId,
    });
    return this.tellDownloaders(executor, { id, assetId: change.assetId, at: now });
  }

  /**
   * Writes the notices of a recorded change and settles its `told`. Running it again adds nothing
   * (one notice per change and address), so a retried step cannot tell anyone twice.
   */
  async tellDownloaders(
    executor: Kysely<Database>,
    change: { id: number; assetId: number; at: number },
  ): Promise<number> {
    const repository = this.deps.repository.on(executor);
    const toTell = {
      id: change.id,
      assetId: change.assetId,
      since: change.at - TAKEDOWN_LOOKBACK_DAYS * DAY_MS,
      now: change.at,
      day: portalDay(change.at),
    };
    // Signed-in users first: a person who is both keeps the user's language and the portal link.
    await repository.tellSignedInDownloaders(toTell);
    await repository.tellLinkRecipients(toTell);
    return repository.settleTold(change.id);
  }

  /**
   * Mails everyone with pending notices: of days that have ended in the portal's time zone (the
   * digest, so all changes of a day go in one mail), or every day with `includeToday` (a super
   * user's "send now"). Each batch claims its notices and queues its mails in one transaction: a
   * notice another runner claimed is not mailed here, a crash rolls back claims and mails together.
   * Answers how many people were mailed.
   */
  async sendPending(options: { includeToday: boolean }): Promise<number> {
    const beforeDay = options.includeToday ? null : portalDay(this.deps.clock.now());
    let mailed = 0;
    for (;;) {
      const recipients = await this.deps.repository.pendingRecipients(beforeDay, DIGEST_BATCH);
      if (recipients.length === 0) return mailed;
      mailed += await this.deps.repository.db
        .transaction()
        .execute((trx) => this.mailBatch(trx, recipients, beforeDay));
    }
  }

  /** "Send now" of a super user, with its audit row. */
  async sendNow(actor: AdminActor): Promise<number> {
    const mailed = await this.sendPending({ includeToday: true });
    await writeAudit(this.deps.repository.db, this.deps.clock.now(), {
      actor,
      action: 'takedown.send',
      targetType: 'job',
      targetId: 0,
      before: null,
      after: { mailed },
    });
    return mailed;
  }

  private async mailBatch(
    trx: Kysely<Database>,
    recipients: string[],
    beforeDay: string | null,
  ): Promise<number> {
    const repository = this.deps.repository.on(trx);
    const claimed = await repository.claim(recipients, beforeDay, this.deps.clock.now());
    if (claimed.length === 0) return 0;
    const changes = new Map(
      (await repository.changesById([...new Set(claimed.map((notice) => notice.change_id))])).map((row) => [
        row.id,
        row,
      ]),
    );
    const byPerson = new Map<string, ClaimedNotice[]>();
    for (const notice of claimed) {
      const notices = byPerson.get(notice.recipient) ?? [];
      notices.push(notice);
      byPerson.set(notice.recipient, notices);
    }
    const mails = [...byPerson].flatMap(([email, notices]) => {
      const lang = asLanguage(notices[0]!.lang);
      const lines = notices
        .map((notice) => changes.get(notice.change_id))
        .filter((change): change is ChangeRow => change !== undefined)
        .sort((a, b) => a.at - b.at || a.id - b.id)
        .map((change) => this.digestLine(change, lang, notices[0]!.user_id !== null));
      // Only the notices of a deleted asset: nothing left to say (they stay marked, not mailed).
      if (lines.length === 0) return [];
      return [takedownDigestMail({ email, lang }, lines, this.deps.config.companyName)];
    });
    // One statement for the batch's mails: 10,000 people are 20 inserts, not 10,000.
    await this.deps.mail.queueMany(mails, { executor: trx, bulk: true });
    return mails.length;
  }

  private digestLine(change: ChangeRow, lang: Language, signedIn: boolean): DigestChange {
    return {
      kind: change.kind,
      assetName: nameIn(change, lang),
      gtin: change.gtin,
      mediaType: change.media_type,
      link:
        change.kind === 'replaced' && signedIn
          ? `${this.deps.config.publicUrl}/asset/${change.asset_id}`
          : null,
    };
  }

  /** `GET /api/admin/takedowns`. */
  async overview(): Promise<AdminTakedownsAnswer> {
    const [rows, pendingPeople] = await Promise.all([
      this.deps.repository.latestChanges(LATEST_CHANGES),
      this.deps.repository.pendingPeople(),
    ]);
    return {
      changes: rows.map((row) => ({
        ...presentChange(row),
        assetName: {
          de: row.name_de,
          ...(row.name_en ? { en: row.name_en } : {}),
          ...(row.name_fr ? { fr: row.name_fr } : {}),
        },
      })),
      pendingPeople,
    };
  }

  /** The changes of each asset, newest first, at most CHANGES_PER_ASSET each: one query for the list. */
  async changesOf(assetIds: number[]): Promise<Map<number, AssetChange[]>> {
    const byAsset = new Map<number, AssetChange[]>();
    for (const row of await this.deps.repository.changesOfAssets(assetIds)) {
      const changes = byAsset.get(row.asset_id) ?? [];
      if (changes.length < CHANGES_PER_ASSET) changes.push(presentChange(row));
      byAsset.set(row.asset_id, changes);
    }
    return byAsset;
  }
}

function nameIn(change: ChangeRow, lang: Language): string {
  const localized = lang === 'en' ? change.name_en : lang === 'fr' ? change.name_fr : change.name_de;
  return localized || change.name_de;
}

function presentChange(row: ChangeRow): AssetChange {
  return {
    id: row.id,
    assetId: row.asset_id,
    kind: row.kind,
    mediaType: row.media_type,
    at: new Date(row.at).toISOString(),
    told: row.told,
    mailed: row.mailed,
  };
}
