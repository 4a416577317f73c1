import fs from 'node:fs/promises';
import path from 'node:path';
import { ImportErrorCodes, type ImportErrorCode } from '@mediabox/contract';

export interface ImportFile {
  /** The real path on disk (symlinks resolved), inside the import directory. */
  absolutePath: string;
  /** The path as written in the manifest, normalised to forward slashes (used in source keys). */
  relativePath: string;
  size: number;
}

export type ResolvedImportFile = ImportFile | { code: ImportErrorCode; message: string };

const isInside = (parent: string, child: string) =>
  child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/**
 * Resolves a manifest path against the (real) import directory. A manifest is input like any
 * other: `../../etc/passwd`, absolute paths and symlinks pointing out of the directory are refused.
 */
export async function resolveImportFile(realDir: string, manifestPath: string): Promise<ResolvedImportFile> {
  // Manifests written on Windows use backslashes; on Linux they would be part of the file name.
  const relative = path.posix.normalize(manifestPath.replaceAll('\\', '/'));
  const outside = {
    code: ImportErrorCodes.pathOutsideDir,
    message: `${manifestPath} is outside the import directory`,
  };
  if (manifestPath.includes('\0') || path.posix.isAbsolute(relative) || path.win32.isAbsolute(manifestPath)) {
    return outside;
  }
  const joined = path.resolve(realDir, relative);
  if (!isInside(realDir, joined) || joined === realDir) return outside;
  let real: string;
  try {
    real = await fs.realpath(joined);
  } catch {
    return { code: ImportErrorCodes.missingFile, message: `${manifestPath} does not exist` };
  }
  if (!isInside(realDir, real)) return outside;
  const stat = await fs.stat(real);
  if (!stat.isFile()) return { code: ImportErrorCodes.notAFile, message: `${manifestPath} is not a file` };
  return { absolutePath: real, relativePath: relative, size: stat.size };
}
