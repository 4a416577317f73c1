import {
  AdminAssetAnswer,
  CATALOGUE_UPLOAD_FIELD,
  CATALOGUE_UPLOAD_MAX_BYTES,
  CATALOGUE_UPLOAD_MAX_FILES,
  UploadAnswer,
  type AdminAsset,
  type UploadedAsset,
  endpoints,
} from '@mediabox/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sendMultipart, type OnProgress } from '../../../shared/api/multipart';
import { errorKeys } from '../lib/admin-errors';
import { refusedFilesOf, type RefusedFile } from '../lib/upload-refusals';
import { useRefreshCatalogue } from './catalogue-api';

/** What became of the files of one drop, over all its requests. */
export interface UploadReport {
  stored: UploadedAsset[];
  refused: RefusedFile[];
  /** Why the upload stopped early (translation keys, best first), or null when every request was answered. */
  stoppedBy: string[] | null;
  /** Files never stored because the upload stopped before or while sending them. */
  unsent: string[];
}

/** The files of a drop in requests of at most CATALOGUE_UPLOAD_MAX_FILES, the server's limit. */
export function uploadBatches(files: readonly File[], size: number = CATALOGUE_UPLOAD_MAX_FILES): File[][] {
  const batches: File[][] = [];
  for (let start = 0; start < files.length; start += size) batches.push(files.slice(start, start + size));
  return batches;
}

/** `POST /api/admin/catalogue/nodes/{id}/assets`: one request of at most 20 files. */
export async function uploadToNode(nodeId: number, files: readonly File[], onProgress?: OnProgress) {
  const body = new FormData();
  for (const file of files) body.append(CATALOGUE_UPLOAD_FIELD, file, file.name);
  const answer = await sendMultipart(endpoints.adminUploadAssets, {
    params: { id: nodeId },
    body,
    onProgress,
  });
  return UploadAnswer.parse(answer).assets;
}

const bytesOf = (files: readonly File[]) => files.reduce((sum, file) => sum + file.size, 0);

/**
 * Uploads a drop of any size into a category, request by request, with one progress over all bytes.
 * A request the server refuses (422) stores none of its files; the refused files are reported and
 * the rest of that request is sent again without them, so one damaged image does not keep nineteen
 * good ones out. Any other failure (413, network) stops the upload and names the files not stored.
 * Never throws: what was stored before a failure is part of the report.
 */
export async function uploadFiles(
  nodeId: number,
  files: readonly File[],
  onProgress: OnProgress = () => {},
): Promise<UploadReport> {
  const report: UploadReport = { stored: [], refused: [], stoppedBy: null, unsent: [] };
  // The server would refuse these after the bytes went out; they are named at once instead.
  for (const file of files) {
    if (file.size > CATALOGUE_UPLOAD_MAX_BYTES) {
      report.refused.push({ fileName: file.name, code: 'admin.catalogue.errors.fileTooLarge' });
    }
  }
  const sendable = files.filter((file) => file.size <= CATALOGUE_UPLOAD_MAX_BYTES);
  const total = Math.max(1, bytesOf(sendable));
  let done = 0;
  const batches = uploadBatches(sendable);
  for (const [index, batch] of batches.entries()) {
    const batchBytes = bytesOf(batch);
    let pending = batch;
    while (pending.length > 0) {
      try {
        const batchProgress = (percent: number) =>
          onProgress(Math.min(100, Math.round(((done + (batchBytes * percent) / 100) / total) * 100)));
        report.stored.push(...(await uploadToNode(nodeId, pending, batchProgress)));
        pending = [];
      } catch (error) {
        const refused = refusedFilesOf(error, pending);
        if (refused.length === 0) {
          report.stoppedBy = errorKeys(error);
          report.unsent = [...pending, ...batches.slice(index + 1).flat()].map((file) => file.name);
          return report;
        }
        report.refused.push(...refused);
        const names = new Set(refused.map((file) => file.fileName));
        pending = pending.filter((file) => !names.has(file.name));
      }
    }
    done += batchBytes;
  }
  onProgress(100);
  return report;
}

/**
 * Uploads a drop into a category and reports the progress (null while nothing is being sent).
 * The tree's counts and the asset lists are refreshed afterwards, also after a partial upload.
 */
export function useCatalogueUpload() {
  const refresh = useRefreshCatalogue();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ nodeId, files }: { nodeId: number; files: readonly File[] }) => {
      setProgress(0);
      // A batch sent again after a refusal starts its own count at 0: the bar never goes back.
      return uploadFiles(nodeId, files, (percent) => setProgress((old) => Math.max(old ?? 0, percent)));
    },
    onSettled: async () => {
      setProgress(null);
      await refresh();
    },
  });
  return { ...mutation, progress };
}

/**
 * `POST /api/admin/catalogue/assets/{id}/files`: the file becomes the next version of its media
 * type. The media type goes first, so the server knows it before the file streams in.
 */
export async function replaceAssetFile(
  assetId: number,
  mediaType: number,
  file: File,
  onProgress?: OnProgress,
): Promise<AdminAsset> {
  const body = new FormData();
  body.append('mediaType', String(mediaType));
  body.append(CATALOGUE_UPLOAD_FIELD, file, file.name);
  const answer = await sendMultipart(endpoints.adminReplaceFile, {
    params: { id: assetId },
    body,
    onProgress,
  });
  return AdminAssetAnswer.parse(answer).asset;
}

export function useReplaceFile() {
  const refresh = useRefreshCatalogue();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ assetId, mediaType, file }: { assetId: number; mediaType: number; file: File }) => {
      setProgress(0);
      return replaceAssetFile(assetId, mediaType, file, setProgress);
    },
    onSuccess: refresh,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
