import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CATALOGUE_UPLOAD_MAX_BYTES, ErrorCodes } from '@mediabox/contract';
import { AppError } from '../../../platform/http/app-error.js';

/** Staging directories older than this are left over from a crash and are swept away. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const NAME_MAX = 200;

export interface StagedFile {
  /** The name as uploaded, made safe (no directories, no control characters). */
  fileName: string;
  /** Relative to the staging directory: `{uuid}/{fileName}`, unique per file. */
  relativePath: string;
  absolutePath: string;
}

/**
 * One upload's files on disk, for the import (which reads a directory) to check and store. Each file
 * gets its own sub-directory, so two files of the same name do not collide and a file that is no
 * GS1 name gets a source key (`path:{uuid}/{name}`) of its own: uploading `logo.eps` twice makes two
 * assets, uploading `04006067084218_C1C1.jpg` twice makes one (its GS1 name is its identity).
 */
export class StagedUpload {
  readonly files: StagedFile[] = [];

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  async store(stream: Readable, originalName: string): Promise<StagedFile> {
    const fileName = safeFileName(originalName);
    const relativePath = `${randomUUID()}/${fileName}`;
    const absolutePath = path.join(this.dir, relativePath);
    await fsp.mkdir(path.dirname(absolutePath), { recursive: true });
    const file = { fileName, relativePath, absolutePath };
    this.files.push(file);
    let bytes = 0;
    const limit = this.maxBytes;
    await pipeline(
      stream,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > limit) {
            done(new AppError(ErrorCodes.catalogueFileTooLarge, `${fileName} is larger than ${limit} bytes`));
          } else done(null, chunk);
        },
      }),
      fs.createWriteStream(absolutePath, { flags: 'wx' }),
    );
    return file;
  }

  async discard(): Promise<void> {
    await fsp.rm(this.dir, { recursive: true, force: true });
  }
}

/** Where uploads wait for the import: `<DATA_DIR>/upload-staging/<uuid>`, on the blob store's disk. */
export class UploadStaging {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly maxBytes = CATALOGUE_UPLOAD_MAX_BYTES,
  ) {
    this.root = path.join(dataDir, 'upload-staging');
  }

  async begin(now = Date.now()): Promise<StagedUpload> {
    await fsp.mkdir(this.root, { recursive: true });
    await this.sweep(now);
    const dir = path.join(this.root, randomUUID());
    await fsp.mkdir(dir);
    return new StagedUpload(dir, this.maxBytes);
  }

  /** Removes what a crashed process left behind (every upload removes its own directory). */
  private async sweep(now: number): Promise<void> {
    const entries = await fsp.readdir(this.root, { withFileTypes: true });
    for (const entry of entries) {
      const full = path.join(this.root, entry.name);
      const stat = await fsp.stat(full).catch(() => undefined);
      if (stat && now - stat.mtimeMs > STALE_AFTER_MS) await fsp.rm(full, { recursive: true, force: true });
    }
  }
}

/** The last path part of a browser's file name, without control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const safe = clean === '.' || clean === '..' ? '' : clean;
  if (safe.length <= NAME_MAX) return safe || 'file';
  const extension = path.extname(safe).slice(0, 16);
  return safe.slice(0, NAME_MAX - extension.length) + extension;
}
