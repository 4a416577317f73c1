import type { BulkChange, BulkSkipReason } from '@mediabox/contract';
import type { Updateable } from 'kysely';
import type { AssetsTable } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assetFieldUpdates, changedColumns } from '../catalogue/asset-field-changes.js';
import type { AdminAssetRow } from '../catalogue/catalogue-admin.repository.js';

/** The asset columns a bulk change writes, as stored (before) and as written (after). */
export type AssetColumns = Updateable<AssetsTable>;

export type AssetEdit =
  { outcome: 'changed'; before: AssetColumns; after: AssetColumns } | { outcome: BulkSkipReason };

/** What the change needs besides the asset: the target category of a move, the time of a withdrawal. */
export interface EditContext {
  now: number;
  target?: { id: number; rootId: number };
}

/**
 * What one bulk change does to one asset, decided without writing: only the columns that really
 * change, so an asset already in the wanted state is skipped as 'unchanged' and the undo puts back
 * exactly these columns. Custom fields are checked by the same rules as a single edit (an import's).
 */
export function editOf(asset: AdminAssetRow, change: BulkChange, context: EditContext): AssetEdit {
  const updates = updatesOf(asset, change, context);
  if (updates === 'invalidFields') return { outcome: 'invalidFields' };
  const changed = changedColumns(asset, updates);
  if (changed.length === 0) return { outcome: 'unchanged' };
  return {
    outcome: 'changed',
    before: Object.fromEntries(changed.map((key) => [key, asset[key]])) as AssetColumns,
    after: Object.fromEntries(
      changed.map((key) => [key, updates[key as keyof typeof updates]]),
    ) as AssetColumns,
  };
}

function updatesOf(
  asset: AdminAssetRow,
  change: BulkChange,
  context: EditContext,
): Updateable<AssetsTable> | 'invalidFields' {
  switch (change.kind) {
    case 'move':
      return { container_id: context.target!.id, root_id: context.target!.rootId };
    case 'withdraw':
      // Withdrawing twice keeps the first date, as the single withdrawal does.
      return asset.withdrawn_at === null ? { withdrawn_at: context.now } : {};
    case 'restore':
      // As the single restore: a restored asset starts without a removal request.
      return asset.withdrawn_at === null
        ? {}
        : {
            withdrawn_at: null,
            removal_requested_at: null,
            removal_requested_by: null,
            removal_reason: null,
          };
    case 'addKeywords':
      return { keywords: withKeywords(asset.keywords, change.keywords) };
    case 'removeKeywords':
      return { keywords: withoutKeywords(asset.keywords, change.keywords) };
    case 'setFields':
      try {
        return assetFieldUpdates(asset, { customFields: change.fields });
      } catch (err) {
        if (err instanceof AppError) return 'invalidFields';
        throw err;
      }
  }
}

const words = (keywords: string) => keywords.split(/\s+/).filter(Boolean);

/** Adds the keywords the asset does not have yet (compared without case), after its own. */
export function withKeywords(keywords: string, added: readonly string[]): string {
  const result = words(keywords);
  const present = new Set(result.map((word) => word.toLowerCase()));
  for (const word of added) {
    if (present.has(word.toLowerCase())) continue;
    present.add(word.toLowerCase());
    result.push(word);
  }
  return result.join(' ');
}

/** Removes every occurrence of the keywords (compared without case). */
export function withoutKeywords(keywords: string, removed: readonly string[]): string {
  const gone = new Set(removed.map((word) => word.toLowerCase()));
  return words(keywords)
    .filter((word) => !gone.has(word.toLowerCase()))
    .join(' ');
}
