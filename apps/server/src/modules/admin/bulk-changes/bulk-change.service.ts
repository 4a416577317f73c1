import {
  ErrorCodes,
  type BulkChange,
  type BulkChangeProgress,
  type StartBulkChangeRequest,
} from '@mediabox/contract';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import type { AdminActor } from '../../audit/audit-log.js';
import { assetFieldUpdates } from '../catalogue/asset-field-changes.js';
import { requireNode } from '../catalogue/catalogue-admin-lookups.js';
import type { BulkChangeJob } from './bulk-change.jobs.js';
import { presentBulkChange, undoableUntil } from './bulk-change.presenter.js';
import type { BulkChangeRepository } from './bulk-change.repository.js';

export interface BulkChangeServiceDeps {
  repository: BulkChangeRepository;
  jobs: JobQueue;
  bulkJobs: { apply: BulkChangeJob; undo: BulkChangeJob };
  clock: Clock;
}

/** The unknown ids a refusal names (the count says how many there are). */
const UNKNOWN_IDS_NAMED = 20;

/**
 * Bulk changes for super users (issue 22.5): checks a selection and its change and queues it (an
 * unknown asset or category refuses the whole change before anything is written), answers its
 * progress, and queues the undo of the caller's last change within BULK_UNDO_WINDOW_MS.
 */
export class BulkChangeService {
  constructor(private readonly deps: BulkChangeServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  async start(
    actor: AdminActor,
    request: z.output<typeof StartBulkChangeRequest>,
  ): Promise<BulkChangeProgress> {
    const ids = [...new Set(request.assetIds)];
    const existing = await this.repository.existingAssetIds(ids);
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length > 0) {
      throw new AppError(
        ErrorCodes.bulkUnknownAssets,
        `${unknown.length} of the ids are no asset: ${unknown.slice(0, UNKNOWN_IDS_NAMED).join(', ')}`,
        [{ path: 'assetIds', code: ErrorCodes.bulkUnknownAssets }],
      );
    }
    await this.checkChange(request.change, ids[0]!);
    const now = this.deps.clock.now();
    const id = await this.repository.transaction(async (repository) => {
      const created = await repository.create({
        actor_id: actor.id,
        actor_email: actor.email,
        kind: request.change.kind,
        change: JSON.stringify(request.change),
        asset_ids: JSON.stringify(ids),
        total: ids.length,
        done: 0,
        state: 'running',
        created_at: now,
      });
      await this.deps.jobs.enqueue(
        this.deps.bulkJobs.apply,
        { bulkChangeId: created },
        { executor: repository.db },
      );
      return created;
    });
    this.deps.jobs.wakeLane(this.deps.bulkJobs.apply.lane);
    return this.progress(actor, id);
  }

  /** Any super user may follow a change; `undoableUntil` is only told to the one who may undo it. */
  async progress(actor: AdminActor, id: number): Promise<BulkChangeProgress> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError(ErrorCodes.bulkChangeNotFound, `No bulk change ${id}`);
    const [counts, mayUndo] = await Promise.all([this.repository.counts(id), this.isLastOf(actor, row.id)]);
    const progress = presentBulkChange(row, counts, this.deps.clock.now());
    return mayUndo ? progress : { ...progress, undoableUntil: null };
  }

  private async isLastOf(actor: AdminActor, id: number): Promise<boolean> {
    return actor.id !== null && (await this.repository.lastOf(actor.id))?.id === id;
  }

  /** Only the caller's own last bulk change, once finished, once, and within the undo window. */
  async undo(actor: AdminActor, id: number): Promise<BulkChangeProgress> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError(ErrorCodes.bulkChangeNotFound, `No bulk change ${id}`);
    if (!(await this.isLastOf(actor, row.id))) {
      throw new AppError(ErrorCodes.bulkUndoNotLast, 'Only your last bulk change can be undone');
    }
    if (row.state !== 'done' && row.state !== 'failed') {
      throw new AppError(ErrorCodes.bulkUndoNotPossible, `The bulk change is ${row.state}`);
    }
    const now = this.deps.clock.now();
    if (undoableUntil(row, now) === undefined) {
      throw new AppError(ErrorCodes.bulkUndoExpired, 'The time to undo this bulk change is over');
    }
    await this.repository.transaction(async (repository) => {
      if (!(await repository.moveState(id, row.state, { state: 'undoing', undo_started_at: now }))) {
        throw new AppError(ErrorCodes.bulkUndoNotPossible, 'The bulk change is being undone');
      }
      await this.deps.jobs.enqueue(
        this.deps.bulkJobs.undo,
        { bulkChangeId: id },
        { executor: repository.db },
      );
    });
    this.deps.jobs.wakeLane(this.deps.bulkJobs.undo.lane);
    return this.progress(actor, id);
  }

  /** The category of a move must exist; custom fields must pass the rules of a single edit. */
  private async checkChange(change: BulkChange, someAssetId: number): Promise<void> {
    if (change.kind === 'move') {
      await requireNode(this.repository, change.containerId);
    }
    if (change.kind === 'setFields') {
      // The asset's own fields pass (they were checked when stored), so a refusal is the new values'.
      const [asset] = await this.repository.assets([someAssetId]);
      assetFieldUpdates(asset!, { customFields: change.fields });
    }
  }
}
