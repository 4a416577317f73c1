import { BULK_UNDO_WINDOW_MS, type BulkChangeProgress } from '@mediabox/contract';
import type { BulkChangeCounts, BulkChangeRow } from './bulk-change.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Until when a finished (or failed) bulk change may be undone; undefined when it is not (any more). */
export function undoableUntil(row: BulkChangeRow, now: number): number | undefined {
  if ((row.state !== 'done' && row.state !== 'failed') || row.finished_at === null) return undefined;
  const until = Number(row.finished_at) + BULK_UNDO_WINDOW_MS;
  return now <= until ? until : undefined;
}

export function presentBulkChange(
  row: BulkChangeRow,
  counts: BulkChangeCounts,
  now: number,
): BulkChangeProgress {
  const until = undoableUntil(row, now);
  return {
    id: Number(row.id),
    kind: row.kind as BulkChangeProgress['kind'],
    state: row.state as BulkChangeProgress['state'],
    total: row.total,
    done: row.done,
    changed: counts.changed,
    undone: counts.undone,
    keptLaterEdits: counts.keptLaterEdits,
    skipped: counts.skipped as BulkChangeProgress['skipped'],
    createdAt: iso(Number(row.created_at)),
    finishedAt: row.finished_at === null ? null : iso(Number(row.finished_at)),
    undoableUntil: until === undefined ? null : iso(until),
  };
}
