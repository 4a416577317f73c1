import path from 'node:path';
import { parseGs1FileName } from '@mediabox/contract';
import type { StagedFile } from './upload-staging.js';

export interface UploadManifest {
  /** Given to the importer as its manifest; the staged files are its directory. */
  manifest: { gs1: unknown[]; assets: unknown[] };
  /** The dropped file each manifest row ("gs1[0]", "assets[2]") came from. */
  fileOfRow: Map<string, string>;
}

/**
 * Files dropped into a category, written as the manifest `mediabox import` would read, so that an
 * upload is checked and stored by the very same code. A GS1 name (`{GTIN}_{view}`, optionally
 * `_s{version}_v{variant}`) becomes a `gs1` row: the name fills those fields and identifies the asset.
 * Any other name becomes an `assets` row named after the file, keyed by its (unique) staging path.
 * No row names a media type: the importer reads it from the content (media-type-of-content.ts), so a
 * transparent PNG is a cut-out and a 16-bit RGB TIFF no print file, whatever their extensions say.
 */
export function uploadManifest(nodeId: number, files: StagedFile[]): UploadManifest {
  const gs1: unknown[] = [];
  const assets: unknown[] = [];
  const fileOfRow = new Map<string, string>();
  for (const file of files) {
    if (parseGs1FileName(file.fileName)) {
      fileOfRow.set(`gs1[${gs1.length}]`, file.fileName);
      gs1.push({ container: nodeId, path: file.relativePath });
    } else {
      fileOfRow.set(`assets[${assets.length}]`, file.fileName);
      assets.push({
        container: nodeId,
        name: { de: path.basename(file.fileName, path.extname(file.fileName)) || file.fileName },
        files: [{ path: file.relativePath }],
      });
    }
  }
  return { manifest: { gs1, assets }, fileOfRow };
}
