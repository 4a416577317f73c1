import type { BundleProgress, PresetNames, ShareFile } from '@mediabox/contract';
import type { ConversionKey, ConversionRow } from '../conversions/conversion-requests.js';
import { conversionKeyText } from '../conversions/conversion-requests.js';
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
  /** The preset a converted file is made with (issue 21.4), by its names; null for an original. */
  preset_names: PresetNames | null;
  /** Why a conversion failed (a media rejection code); null otherwise. */
  failure: string | null;
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
  const none = { preset_names: null, failure: null };
  if (row.withdrawn_at !== null) {
    return { ...row, ...none, status: 'withdrawn', delivered_mime_type: row.mime_type };
  }
  const replaced =
    row.current_file_id !== null &&
    row.current_file_id !== row.file_id &&
    row.current_blob_sha256 !== null &&
    row.current_size !== null &&
    row.current_crc32 !== null;
  if (!replaced) return { ...row, ...none, status: 'available', delivered_mime_type: row.mime_type };
  return {
    ...row,
    ...none,
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

/**
 * The conversion an entry delivers (issue 21.4): its preset version made of the source it delivers
 * now (the current file's content when the source was replaced since). Undefined for an original
 * and for a withdrawn asset's entry (nothing of it is delivered).
 */
export function conversionKeyOf(entry: DeliveredEntry): ConversionKey | undefined {
  if (entry.preset_id === null || entry.preset_version === null || entry.status === 'withdrawn')
    return undefined;
  return { sourceSha256: entry.blob_sha256, presetId: entry.preset_id, presetVersion: entry.preset_version };
}

/** What is known of converted files, to resolve a bundle's entries with (see withConversions). */
export interface ConversionFacts {
  rows: ReadonlyMap<string, ConversionRow>;
  /** The MIME type of each made file's blob, by hash. */
  mimeTypes: ReadonlyMap<string, string>;
  /** Preset names by id (retired presets too: a bundle keeps what it was made with). */
  presetNames: ReadonlyMap<number, PresetNames>;
}

/**
 * Entries that deliver a conversion, resolved (issue 21.4): made → the converted file's blob, size,
 * CRC-32, pixel size and type under the entry's name, its status kept (available or replaced);
 * pending or never asked for → 'preparing' (size 0, no pixel size yet); failed → 'failed' with the
 * reason. Originals and withdrawn entries stay as they are.
 */
export function withConversions(entries: DeliveredEntry[], facts: ConversionFacts): DeliveredEntry[] {
  return entries.map((entry) => {
    const key = conversionKeyOf(entry);
    if (!key) return entry;
    const preset_names = facts.presetNames.get(key.presetId) ?? null;
    const row = facts.rows.get(conversionKeyText(key));
    if (row?.status === 'done' && row.blob_sha256 !== null) {
      return {
        ...entry,
        preset_names,
        blob_sha256: row.blob_sha256,
        size: Number(row.size),
        crc32: Number(row.crc32),
        width: row.width,
        height: row.height,
        delivered_mime_type: facts.mimeTypes.get(row.blob_sha256) ?? null,
      };
    }
    const unready = { ...entry, preset_names, size: 0, crc32: 0, width: null, height: null };
    if (row?.status === 'failed') return { ...unready, status: 'failed', failure: row.failure };
    return { ...unready, status: 'preparing' };
  });
}

/** The entries a zip and a single file deliver: those available now (original, replaced or made). */
export const deliverable = (entries: DeliveredEntry[]) =>
  entries.filter((entry) => entry.status === 'available' || entry.status === 'replaced');

/**
 * How far a bundle's files are (issue 21.4): withdrawn files are no longer part of it; originals
 * and made or failed conversions are done; the zip is ready when nothing is still being made.
 */
export function progressOf(entries: DeliveredEntry[]): BundleProgress {
  const counted = entries.filter((entry) => entry.status !== 'withdrawn');
  const preparing = counted.filter((entry) => entry.status === 'preparing').length;
  return {
    done: counted.length - preparing,
    total: counted.length,
    failed: counted.filter((entry) => entry.status === 'failed').length,
    ready: preparing === 0,
  };
}
