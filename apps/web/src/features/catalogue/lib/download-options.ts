import type { Asset, Language } from '@mediabox/contract';
import { localized } from './localized';
import { fileFacts } from './file-facts';
import { formatName, formatPixels } from './format';

export interface DownloadOption {
  key: string;
  label: string;
  /**
   * Format and pixel size, e.g. "JPEG · 2000 × 2000 px"; with `translate` all the file's facts,
   * e.g. "TIFF · CMYK · 300 dpi · 4000 × 3000 px" (the asset page).
   */
  detail: string;
  /** In bytes. */
  fileSize: number;
  href: string;
  fileName: string;
}

/** One entry per file (media type) of the asset; an asset without a file list offers its original. */
export function downloadOptions(
  asset: Asset,
  lang: Language,
  translate?: (key: string, options?: Record<string, unknown>) => string,
): DownloadOption[] {
  const files =
    asset.files.length > 0
      ? asset.files
      : [
          {
            id: asset.id,
            mediaType: asset.mediaType,
            mediaTypeName: asset.mediaTypeName,
            fileProperties: asset.fileProperties,
            originalTicket: asset.originalTicket,
          },
        ];
  return files.map((file) => ({
    key: `${file.id}-${file.mediaType}`,
    label: localized(file.mediaTypeName, lang),
    detail: translate
      ? fileFacts(file.fileProperties, translate)
      : [
          formatName(file.fileProperties.mimeType, file.fileProperties.fileName),
          formatPixels(file.fileProperties.width, file.fileProperties.height),
        ].join(' · '),
    fileSize: file.fileProperties.fileSize,
    href: file.originalTicket,
    fileName: file.fileProperties.fileName,
  }));
}
