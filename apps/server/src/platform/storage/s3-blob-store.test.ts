import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { BlobFileCache } from './blob-file-cache.js';
import { describeBlobStoreContract, generated } from './blob-store.contract.js';
import { BlobTooLargeError, type StoredBlob } from './blob-store.js';
import { createBlobStore, S3BlobStore } from './index.js';
import { parseStorageUrl } from './s3-url.js';

const MB = 1024 * 1024;

interface S3Harness {
  s3: S3TestServer;
  store: S3BlobStore;
  client: S3Client;
  dataDir: string;
  cacheDir: string;
  /** Names of the S3 commands the store sent, in order. */
  commands: string[];
  keys(prefix?: string): Promise<string[]>;
  multipartUploads(): Promise<string[]>;
  blobNames(): Promise<string[]>;
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function openS3(
  options: { cacheMaxBytes?: number; keepRecentMs?: number; multipartShim?: boolean } = {},
): Promise<S3Harness> {
  const s3 = await startS3Server({ multipartShim: options.multipartShim });
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-s3-store-'));
  const cacheDir = path.join(dataDir, 'blob-cache');
  const location = parseStorageUrl(s3.storageUrl);
  // Few sockets: a read that leaked its connection would starve the next ones and time the test out.
  const client = new S3Client({ ...location.client, requestHandler: { httpAgent: { maxSockets: 8 } } });
  const commands: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
  const store = new S3BlobStore({
    client,
    bucket: s3.bucket,
    cache: new BlobFileCache(cacheDir, {
      maxBytes: options.cacheMaxBytes ?? 64 * MB,
      keepRecentMs: options.keepRecentMs,
    }),
  });
  const keys = async (prefix = '') => {
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  const multipartUploads = async () => {
    const listed = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    return (listed.Uploads ?? []).map((upload) => `${upload.Key} (multipart upload ${upload.UploadId})`);
  };
  const cacheTmp = async () =>
    (await fsp.readdir(path.join(cacheDir, 'tmp')).catch(() => [] as string[])).map(
      (name) => `cache tmp ${name}`,
    );
  return {
    s3,
    store,
    client,
    dataDir,
    cacheDir,
    commands,
    keys,
    multipartUploads,
    blobNames: async () => {
      const blobKeys = await keys('blobs/');
      for (const key of blobKeys)
        expect(key).toMatch(/^blobs\/([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{60}$/);
      return blobKeys.map((key) => path.posix.basename(key)).sort();
    },
    leftovers: async () => [...(await keys('tmp/')), ...(await multipartUploads()), ...(await cacheTmp())],
    close: async () => {
      client.destroy();
      await s3.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describeBlobStoreContract('S3BlobStore', () => openS3());

describe('S3BlobStore', () => {
  let h: S3Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is created by createBlobStore from STORAGE_URL, with its file cache under DATA_DIR/blob-cache', async () => {
    h = await openS3();
    const url = h.s3.storageUrl.replace('@mediabox?', '@mediabox/portal-a?');
    const store = createBlobStore({ dataDir: h.dataDir, storageUrl: url });
    expect(store).toBeInstanceOf(S3BlobStore);
    const blob = await store.put(Buffer.from('im Eimer'));
    const key = `portal-a/blobs/${blob.sha256.slice(0, 2)}/${blob.sha256.slice(2, 4)}/${blob.sha256}`;
    expect(await h.keys()).toEqual([key]);
    const file = await store.localPath(blob.sha256);
    expect(file).toBe(path.join(h.dataDir, 'blob-cache', blob.sha256.slice(0, 2), blob.sha256));
    expect(await fsp.readFile(file!, 'utf8')).toBe('im Eimer');
  });

  it('uploads a stream in parts under a temp key, copies it to its content key, and deletes the temp key', async () => {
    h = await openS3();
    const blob = await h.store.put(generated(20, MB));
    expect(h.commands).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
      'HeadObjectCommand',
      'CopyObjectCommand',
      'DeleteObjectCommand',
    ]);
    expect(await h.blobNames()).toEqual([blob.sha256]);
    // The same bytes again: uploaded (the hash is only known at the end), but not copied again.
    h.commands.length = 0;
    await h.store.put(generated(20, MB));
    expect(h.commands).not.toContain('CopyObjectCommand');
    expect(await h.leftovers()).toEqual([]);
  });

  it('puts a buffer straight to its content key, once', async () => {
    h = await openS3();
    await h.store.put(Buffer.from('Vorschau'));
    await h.store.put(Buffer.from('Vorschau'));
    expect(h.commands).toEqual(['HeadObjectCommand', 'PutObjectCommand', 'HeadObjectCommand']);
  });

  it('aborts the multipart upload of a failed source', async () => {
    h = await openS3();
    await expect(h.store.put(generated(20, MB, new Error('connection reset')))).rejects.toThrow(
      'connection reset',
    );
    expect(h.commands).toContain('UploadPartCommand');
    expect(h.commands).toContain('AbortMultipartUploadCommand');
    expect(await h.leftovers()).toEqual([]);
  });

  it('reports the source error even when the server refuses to abort the upload', async () => {
    // s3rver as it ships: no AbortMultipartUpload.
    h = await openS3({ multipartShim: false });
    await expect(h.store.put(generated(24, MB), { maxBytes: 20 * MB })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(h.commands).toContain('AbortMultipartUploadCommand');
    // Nothing reached a key; the parts stay with the server (a bucket lifecycle rule removes them).
    expect(await h.keys()).toEqual([]);
  });

  it('downloads a local copy once for concurrent callers, and shares it with a second store', async () => {
    h = await openS3();
    const { sha256 } = await h.store.put(generated(12, MB));
    h.commands.length = 0;
    const paths = await Promise.all(Array.from({ length: 6 }, () => h!.store.localPath(sha256)));
    expect(new Set(paths).size).toBe(1);
    expect(h.commands.filter((name) => name === 'GetObjectCommand')).toHaveLength(1);
    // Another process on the same cache directory finds the finished copy.
    const other = new S3BlobStore({
      client: h.client,
      bucket: h.s3.bucket,
      cache: new BlobFileCache(h.cacheDir, { maxBytes: 64 * MB }),
    });
    h.commands.length = 0;
    expect(await other.localPath(sha256)).toBe(paths[0]);
    expect(h.commands).toEqual(['HeadObjectCommand']);
    // Buffer.equals: a failing toEqual would diff megabytes for minutes.
    expect((await fsp.readFile(paths[0]!)).equals(await buffer(h.store.read(sha256)))).toBe(true);
  });

  it('fetches a damaged local copy again', async () => {
    h = await openS3();
    const original = await fsp.readFile(fixture('packshot-rgb.jpg'));
    const { sha256 } = await h.store.put(original);
    const file = (await h.store.localPath(sha256))!;
    await fsp.truncate(file, 100);
    expect(await fsp.readFile((await h.store.localPath(sha256))!)).toEqual(original);
  });

  it('forgets the local copy of a blob deleted elsewhere', async () => {
    h = await openS3();
    const { sha256 } = await h.store.put(Buffer.from('bald weg'));
    const file = (await h.store.localPath(sha256))!;
    const key = `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
    await h.s3.client.send(new DeleteObjectCommand({ Bucket: h.s3.bucket, Key: key }));
    expect(await h.store.localPath(sha256)).toBeUndefined();
    await expect(fsp.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps the file cache within its size, evicting the least recently used copy', async () => {
    h = await openS3({ cacheMaxBytes: 3 * MB, keepRecentMs: 0 });
    const blobs: StoredBlob[] = [];
    for (let i = 0; i < 4; i += 1) blobs.push(await h.store.put(generated(1, MB - i)));
    const cached = async () => {
      const entries = await fsp.readdir(h!.cacheDir, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    };
    const use = async (index: number) => {
      await h!.store.localPath(blobs[index]!.sha256);
      // mtime marks the last use; a pause keeps the order unambiguous.
      await new Promise((resolve) => setTimeout(resolve, 15));
    };
    await use(0);
    await use(1);
    await use(2);
    await use(0); // 1 is now the least recently used
    await use(3);
    expect((await cached()).sort()).toEqual([blobs[0]!, blobs[2]!, blobs[3]!].map((b) => b.sha256).sort());
    // The evicted one comes back on demand, byte-identical.
    const back = await fsp.readFile((await h.store.localPath(blobs[1]!.sha256))!);
    expect(back.equals(await buffer(generated(1, MB - 1)))).toBe(true);
  });

  it('does not evict copies handed out recently, even over the limit', async () => {
    h = await openS3({ cacheMaxBytes: 1 * MB });
    const first = await h.store.put(generated(1, MB));
    const second = await h.store.put(generated(2, MB));
    const firstPath = (await h.store.localPath(first.sha256))!;
    await h.store.localPath(second.sha256);
    // A tool may still be reading the first one.
    expect((await fsp.stat(firstPath)).size).toBe(MB);
  });

  it('removes temp files of downloads that died with their process', async () => {
    h = await openS3();
    const stale = path.join(h.cacheDir, 'tmp', 'dead-download');
    await fsp.mkdir(path.dirname(stale), { recursive: true });
    await fsp.writeFile(stale, 'half');
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fsp.utimes(stale, hoursAgo, hoursAgo);
    const { sha256 } = await h.store.put(Buffer.from('frisch'));
    await h.store.localPath(sha256);
    await expect(fsp.stat(stale)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
