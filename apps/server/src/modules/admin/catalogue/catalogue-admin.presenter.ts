import type { AdminAsset, AdminAssetFile, AdminNode, AdminTreeNode, AssetChange } from '@mediabox/contract';
import type { TicketSigner } from '../../../platform/http/tickets.js';
import { fileProperties } from '../../catalogue/asset-presenter.js';
import type {
  AdminAssetRow,
  AdminNodeRow,
  FileVersionRow,
  TreeNodeRow,
} from './catalogue-admin.repository.js';

const iso = (at: number) => new Date(Number(at)).toISOString();

export function presentAdminNode(row: AdminNodeRow): AdminNode {
  return {
    id: row.id,
    parentId: row.parent_id,
    rootId: row.root_id,
    name: { de: row.name_de, en: row.name_en, fr: row.name_fr },
  };
}

export function presentTreeNode(row: TreeNodeRow): AdminTreeNode {
  return {
    ...presentAdminNode(row),
    assetCount: row.asset_count,
    totalAssetCount: row.total_asset_count,
    withdrawnCount: row.withdrawn_count,
  };
}

/** Custom fields of spec 3 as the edit form shows them: text, '' when empty. */
export function customFieldsOf(row: AdminAssetRow): AdminAsset['customFields'] {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    100: text(row.gtin),
    101: text(row.linked_searchable),
    102: text(row.image_category),
    103: text(row.version),
    104: text(row.variant),
  };
}

function presentFileVersion(file: FileVersionRow, sign: TicketSigner | null): AdminAssetFile {
  return {
    id: file.id,
    mediaType: file.mediaType,
    version: file.version,
    current: file.current,
    createdAt: iso(file.createdAt),
    fileProperties: fileProperties(file),
    // Only current files of visible assets are delivered: older versions have no thumbnail.
    thumbTicket: file.current && sign ? sign(file.id, 'thumb') : null,
  };
}

export function presentAdminAsset(
  row: AdminAssetRow,
  files: FileVersionRow[],
  sign: TicketSigner,
  /** Its withdrawals and replaced files, newest first (the takedown module's). */
  changes: AssetChange[],
): AdminAsset {
  const withdrawn = row.withdrawn_at !== null;
  return {
    id: row.id,
    container: row.container_id,
    rootId: row.root_id,
    name: { de: row.name_de, en: row.name_en, fr: row.name_fr },
    keywords: row.keywords,
    description: row.description,
    customFields: customFieldsOf(row),
    withdrawn,
    removalRequested: row.removal_requested_at !== null && !withdrawn,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    files: files.map((file) => presentFileVersion(file, withdrawn ? null : sign)),
    changes,
  };
}
