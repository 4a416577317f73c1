import type { ShareFile } from '@mediabox/contract';
import type { ShareEntryRow } from './bundle.repository.js';

/**
 * What a bundle entry delivers now (issue 20.3): the stored file, or, when that asset's file of the
 * same media type has a new version since, the current one (its blob, size, CRC-32, type and pixel
 * size, under the entry's own name and position); a withdrawn asset's entry delivers nothing.
 */
export type DeliveredEntry = ShareEntryRow & {
  status: ShareFile['status'];
  /** The delivered file's type; null when unknown (the stored file's row is gone and no current one). */
  delivered_mime_type: string | null;
};

/**
 * Resolves each entry once (the repository may answer a position twice if an asset ever had two
 * current files of one type: the newest wins). Positions and names stay as stored.
 */
export function deliveredEntries(rows: ShareEntryRow[]): DeliveredEntry[] {
  const seen = new Set<number>();
  const delivered: DeliveredEntry[] = [];
  for (const row of rows) {
    if (seen.has(row.position)) continue;
    seen.add(row.position);
    delivered.push(resolve(row));
  }
  return delivered;
}

function resolve(row: ShareEntryRow): DeliveredEntry {
  if (row.withdrawn_at !== null) {
    return { ...row, status: 'withdrawn', delivered_mime_type: row.mime_type };
  }
  const replaced =
    row.current_file_id !== null &&
    row.current_file_id !== row.file_id &&
    row.current_blob_sha256 !== null &&
    row.current_size !== null &&
    row.current_crc32 !== null;
  if (!replaced) return { ...row, status: 'available', delivered_mime_type: row.mime_type };
  return {
    ...row,
    status: 'replaced',
    file_id: row.current_file_id!,
    blob_sha256: row.current_blob_sha256!,
    size: Number(row.current_size),
    crc32: Number(row.current_crc32),
    width: row.current_width,
    height: row.current_height,
    delivered_mime_type: row.current_mime_type,
  };
}

/** The entries a zip and a single file deliver: all but those of withdrawn assets. */
export const deliverable = (entries: DeliveredEntry[]) =>
  entries.filter((entry) => entry.status !== 'withdrawn');
