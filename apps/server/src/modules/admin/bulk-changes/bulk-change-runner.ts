import { BULK_BATCH_SIZE, BulkChange } from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { writeAudit, type AdminActor } from '../../audit/audit-log.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { searchReindexJob } from '../../search/search-reindex.job.js';
import type { TakedownService } from '../../takedown/takedown.service.js';
import { editOf, type AssetColumns } from './bulk-change-edits.js';
import { KEPT_LATER_EDIT, type BulkChangeRepository, type BulkChangeRow } from './bulk-change.repository.js';

export interface BulkChangeRunnerDeps {
  repository: BulkChangeRepository;
  jobs: JobQueue;
  searchReindex: ReturnType<typeof searchReindexJob>;
  search: Pick<SearchIndex, 'indexAssets'>;
  /** A bulk withdrawal tells downloaders exactly as a single one does. */
  takedowns: Pick<TakedownService, 'recordChange'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Applies a bulk change, or its undo, one batch of BULK_BATCH_SIZE assets per transaction: the
 * asset rows, one audit row per changed asset, the items the undo needs, a search reindex job and
 * the progress all commit together or not at all. The progress is advanced by compare-and-set at
 * the start of the batch, so a job that runs again after a crash (or twice) continues after the
 * last committed batch and never applies one twice.
 */
export class BulkChangeRunner {
  constructor(private readonly deps: BulkChangeRunnerDeps) {}

  /** Runs the batches still to do; a job's handler. */
  async apply(bulkChangeId: number): Promise<void> {
    while (await this.applyNextBatch(bulkChangeId));
  }

  async undo(bulkChangeId: number): Promise<void> {
    while (await this.undoNextBatch(bulkChangeId));
  }

  /** Marks a bulk change whose job used its last attempt as failed (its applied batches can be undone). */
  async fail(bulkChangeId: number, from: 'running' | 'undoing'): Promise<void> {
    await this.deps.repository.moveState(bulkChangeId, from, {
      state: 'failed',
      finished_at: this.deps.clock.now(),
    });
  }

  /** One batch; false when there is nothing left to do. */
  private async applyNextBatch(bulkChangeId: number): Promise<boolean> {
    const changedIds = await this.deps.repository.transaction(async (repository) => {
      const bulk = await repository.find(bulkChangeId);
      if (!bulk || bulk.state !== 'running') return null;
      const ids = (JSON.parse(bulk.asset_ids) as number[]).slice(bulk.done, bulk.done + BULK_BATCH_SIZE);
      const done = bulk.done + ids.length;
      const now = this.deps.clock.now();
      const finished = done >= bulk.total;
      // Claims this batch first: a second run of the same job finds `done` moved and stops.
      const claimed = await repository.moveProgress(bulkChangeId, bulk.done, {
        done,
        ...(finished ? { state: 'done', finished_at: now } : {}),
      });
      if (!claimed) return null;
      return this.applyBatch(repository, bulk, ids, now);
    });
    if (changedIds === null) return false;
    await this.reindex(changedIds);
    return true;
  }

  private async applyBatch(
    repository: BulkChangeRepository,
    bulk: BulkChangeRow,
    ids: number[],
    now: number,
  ): Promise<number[]> {
    const change = BulkChange.parse(JSON.parse(bulk.change));
    const node = change.kind === 'move' ? await repository.findNode(change.containerId) : undefined;
    // Checked when the change was started; a category deleted since fails the batch (and the job).
    if (change.kind === 'move' && !node) throw new Error(`Category ${change.containerId} is gone`);
    const target = node ? { id: Number(node.id), rootId: Number(node.root_id) } : undefined;
    const assets = new Map((await repository.assets(ids)).map((asset) => [Number(asset.id), asset]));
    const actor = actorOf(bulk);
    const changedIds: number[] = [];
    const items = [];
    for (const id of ids) {
      const asset = assets.get(id);
      const edit = asset
        ? editOf(asset, change, { now, ...(target ? { target } : {}) })
        : { outcome: 'missing' as const };
      if (edit.outcome !== 'changed') {
        items.push({
          bulk_change_id: bulk.id,
          asset_id: id,
          outcome: edit.outcome,
          undone: 0,
          before: null,
          after: null,
        });
        continue;
      }
      await repository.updateAsset(id, { ...edit.after, updated_by: bulk.actor_id, updated_at: now });
      await this.audit(repository.db, now, actor, 'bulk.change', id, edit.before, edit.after, bulk);
      if (change.kind === 'withdraw') {
        await this.deps.takedowns.recordChange(repository.db, {
          assetId: id,
          kind: 'withdrawn',
          actorId: bulk.actor_id,
        });
      }
      items.push({
        bulk_change_id: bulk.id,
        asset_id: id,
        outcome: 'changed',
        undone: 0,
        before: JSON.stringify(edit.before),
        after: JSON.stringify(edit.after),
      });
      changedIds.push(id);
    }
    await repository.insertItems(items);
    await this.queueReindex(repository.db, changedIds);
    return changedIds;
  }

  private async undoNextBatch(bulkChangeId: number): Promise<boolean> {
    const undoneIds = await this.deps.repository.transaction(async (repository) => {
      const bulk = await repository.find(bulkChangeId);
      if (!bulk || bulk.state !== 'undoing') return null;
      const now = this.deps.clock.now();
      const items = await repository.itemsToUndo(bulkChangeId, BULK_BATCH_SIZE);
      if (items.length === 0) {
        await repository.moveState(bulkChangeId, 'undoing', { state: 'undone', finished_at: now });
        return null;
      }
      const ids = items.map((item) => Number(item.asset_id));
      // Claims these items first (the update locks them): a second run waits, then finds none left.
      await repository.markUndone(bulkChangeId, ids);
      const actor = actorOf(bulk);
      const restoredIds: number[] = [];
      const keptIds: number[] = [];
      for (const item of items) {
        const assetId = Number(item.asset_id);
        const before = JSON.parse(item.before!) as AssetColumns;
        const after = JSON.parse(item.after!) as AssetColumns;
        // An asset edited since the change keeps that edit: the undo must not lose later work.
        const stamp = { updated_by: bulk.actor_id, updated_at: now };
        if (!(await repository.restoreIfUnchanged(assetId, before, after, stamp))) {
          keptIds.push(assetId);
          continue;
        }
        await this.audit(repository.db, now, actor, 'bulk.undo', assetId, after, before, bulk);
        restoredIds.push(assetId);
      }
      await repository.markUndone(bulkChangeId, keptIds, KEPT_LATER_EDIT);
      await this.queueReindex(repository.db, restoredIds);
      return restoredIds;
    });
    if (undoneIds === null) return false;
    await this.reindex(undoneIds);
    return true;
  }

  private audit(
    executor: Kysely<Database>,
    at: number,
    actor: AdminActor,
    action: 'bulk.change' | 'bulk.undo',
    assetId: number,
    before: AssetColumns,
    after: AssetColumns,
    bulk: BulkChangeRow,
  ): Promise<void> {
    return writeAudit(executor, at, {
      actor,
      action,
      targetType: 'asset',
      targetId: assetId,
      before,
      // Which bulk change it was, so the log of one asset leads to the whole change.
      after: { ...after, bulkChange: bulk.id, kind: bulk.kind },
    });
  }

  /** The durable half of the index update: runs even if the process dies before `reindex`. */
  private async queueReindex(executor: Kysely<Database>, ids: number[]): Promise<void> {
    if (ids.length > 0)
      await this.deps.jobs.enqueue(this.deps.searchReindex, { assetIds: ids }, { executor });
  }

  private async reindex(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.deps.search.indexAssets(ids);
    } catch (err) {
      this.deps.log.warn({ err, count: ids.length }, 'search index not yet updated; the queued job retries');
    }
  }
}

const actorOf = (bulk: BulkChangeRow): AdminActor => ({ id: bulk.actor_id, email: bulk.actor_email });
