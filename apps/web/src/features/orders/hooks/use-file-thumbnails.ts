import { useEffect, useState } from 'react';
import { hasThumbnail } from '../lib/order-files';

/**
 * Object URLs of the chosen files that are drawable images, for thumbnails before anything is
 * uploaded. Each URL lives as long as its file is in the list (revoked when it leaves or on unmount).
 */
export function useFileThumbnails(files: readonly File[]): ReadonlyMap<File, string> {
  const [urls, setUrls] = useState<ReadonlyMap<File, string>>(() => new Map());

  useEffect(() => {
    const made = new Map<File, string>();
    // Without object URLs (test DOMs) every file keeps its plain icon.
    if (typeof URL.createObjectURL !== 'function') return;
    for (const file of files) if (hasThumbnail(file)) made.set(file, URL.createObjectURL(file));
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [files]);

  return urls;
}
