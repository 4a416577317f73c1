/**
 * File names for zip entries that extract safely everywhere: each one a plain file in the
 * extraction folder (no path, no way up or out), valid on Windows, macOS and Linux, and unique
 * there even on case-insensitive file systems.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional overrides: "photo\u202Egpj.exe" would display as "photoexe.jpg". */
const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SEPARATOR = /[/\\]/;
/** Characters Windows refuses in file names (":" also makes "C:x" a drive path). */
const WINDOWS_RESERVED = /[<>:"|?*]/g;
/** Device names Windows will not create as files, with any extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
/** File systems allow 255 bytes per name; this leaves room for a " (12345)" suffix. */
const MAX_NAME_BYTES = 240;

/**
 * One name made safe: control and bidi characters removed, path parts joined by "_" without the
 * empty, "." and ".." ones ("../x/a.jpg" → "x_a.jpg": readable, and nothing left to climb with),
 * Windows-reserved characters replaced by "_", leading dots and spaces removed (no "..", no hidden files), trailing ones removed
 * (Windows drops them itself, which would merge names), NFC form (macOS would otherwise list
 * "ü" typed two ways as two files), at most 240 UTF-8 bytes with the extension kept.
 */
export function safeEntryName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(BIDI_CONTROL, '')
    .split(SEPARATOR)
    .filter((part) => !/^[.\s]*$/.test(part))
    .join('_')
    .replace(WINDOWS_RESERVED, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (safe === '') safe = 'file';
  if (WINDOWS_DEVICE.test(safe)) safe = `_${safe}`;
  return truncate(safe);
}

/**
 * Safe names (see safeEntryName), unique ignoring case: a later duplicate gets " (2)", " (3)", …
 * before its extension, skipping any name that is in the list anyway, so that no name given
 * in the list is ever renamed because of a generated one. Order and length are kept.
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const safe = names.map(safeEntryName);
  const key = (name: string) => name.toLowerCase();
  const given = new Set(safe.map(key));
  const used = new Set<string>();
  /** Next number to try per duplicated name: many copies of one name stay linear. */
  const nextNumber = new Map<string, number>();
  return safe.map((name) => {
    const nameKey = key(name);
    if (!used.has(nameKey)) {
      used.add(nameKey);
      return name;
    }
    const { stem, extension } = splitExtension(name);
    for (let n = nextNumber.get(nameKey) ?? 2; ; n += 1) {
      const candidate = `${stem} (${n})${extension}`;
      const candidateKey = key(candidate);
      if (!used.has(candidateKey) && !given.has(candidateKey)) {
        used.add(candidateKey);
        nextNumber.set(nameKey, n + 1);
        return candidate;
      }
    }
  });
}

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  // A leading dot cannot occur after safeEntryName; a name without a dot has no extension.
  return dot > 0 ? { stem: name.slice(0, dot), extension: name.slice(dot) } : { stem: name, extension: '' };
}

function truncate(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  let { stem, extension } = splitExtension(name);
  // An "extension" this long is not one: cut the whole name instead.
  if (Buffer.byteLength(extension) > 20) {
    stem = name;
    extension = '';
  }
  const budget = MAX_NAME_BYTES - Buffer.byteLength(extension);
  let kept = '';
  let bytes = 0;
  // By code point, so that no character is cut in half.
  for (const char of stem) {
    bytes += Buffer.byteLength(char);
    if (bytes > budget) break;
    kept += char;
  }
  return `${kept.replace(/[.\s]+$/, '')}${extension}`;
}
