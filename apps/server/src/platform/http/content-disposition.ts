/**
 * `Content-Disposition` for a stored file name that came from an import or an upload and may hold
 * anything: quotes, CR/LF (header injection), path separators, control characters, any script.
 * The header carries an ASCII fallback and the exact name as RFC 5987 `filename*`.
 */
const MAX_NAME_LENGTH = 180;

/** The last path segment, without control characters, leading dots or surrounding blanks. */
export function safeFileName(name: string, fallback = 'download'): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // C0/C1 controls (CR, LF, NUL, …), DEL, and the Unicode line/paragraph separators and bidi overrides.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (cleaned === '') return fallback;
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  // Keep the extension when shortening: it tells the desktop which program opens the file.
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return Array.from(cleaned.slice(0, cleaned.length - extension.length))
    .slice(0, MAX_NAME_LENGTH - extension.length)
    .join('')
    .concat(extension);
}

/** RFC 5987 attr-char encoding: encodeURIComponent leaves ' ( ) * alone, which the RFC does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
