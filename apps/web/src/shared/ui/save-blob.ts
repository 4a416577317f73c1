/** Hands a blob to the browser as a file download with the given name (the spreadsheet of spec 7.3). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Starts the download of a same-origin URL without leaving the page (the server sends it as an attachment). */
export function downloadUrl(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
