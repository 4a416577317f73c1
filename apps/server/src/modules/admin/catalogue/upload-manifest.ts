import path from 'node:path';
import { parseGs1FileName, type MediaType } from '@mediabox/contract';
import type { StagedFile } from './upload-staging.js';

/** Media type of a file that is no GS1 name, by its extension (the import then checks the content fits). */
const MEDIA_TYPE_OF_EXTENSION: Record<string, MediaType> = {
  '.tif': 1200,
  '.tiff': 1200,
  '.eps': 1400,
  '.ai': 1400,
  '.pdf': 1500,
};
const DEFAULT_MEDIA_TYPE: MediaType = 1100;

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
      const extension = path.extname(file.fileName).toLowerCase();
      assets.push({
        container: nodeId,
        name: { de: path.basename(file.fileName, path.extname(file.fileName)) || file.fileName },
        files: [
          { path: file.relativePath, mediaType: MEDIA_TYPE_OF_EXTENSION[extension] ?? DEFAULT_MEDIA_TYPE },
        ],
      });
    }
  }
  return { manifest: { gs1, assets }, fileOfRow };
}
