import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blob-store.contract.js';
import { createBlobStore, LocalBlobStore } from './index.js';

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describeBlobStoreContract('LocalBlobStore', async () => {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-blobs-'));
  const root = path.join(dataDir, 'blobs');
  return {
    store: new LocalBlobStore(root),
    blobNames: async () =>
      (await filesUnder(root))
        .filter((file) => !file.startsWith(`tmp${path.sep}`))
        .map((file) => path.basename(file))
        .sort(),
    leftovers: () => filesUnder(path.join(root, 'tmp')),
    close: () => fsp.rm(dataDir, { recursive: true, force: true }),
  };
});

describe('LocalBlobStore', () => {
  let dataDir: string;
  let root: string;
  let store: LocalBlobStore;

  beforeEach(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-blobs-'));
    root = path.join(dataDir, 'blobs');
    store = new LocalBlobStore(root);
  });
  afterEach(async () => {
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps blobs as files under blobs/ab/cd/<sha256> and hands out that path', async () => {
    const data = Buffer.from('Nordstern Kaffee, Probe 500 g');
    const blob = await store.put(data);
    const expectedPath = path.join(root, blob.sha256.slice(0, 2), blob.sha256.slice(2, 4), blob.sha256);
    expect(await store.localPath(blob.sha256)).toBe(expectedPath);
    expect(await fsp.readFile(expectedPath)).toEqual(data);
  });

  it('is created by createBlobStore under DATA_DIR/blobs when no STORAGE_URL is set', async () => {
    const fromConfig = createBlobStore({ dataDir, storageUrl: undefined });
    expect(fromConfig).toBeInstanceOf(LocalBlobStore);
    const blob = await fromConfig.put(Buffer.from('x'));
    expect(await fromConfig.localPath(blob.sha256)).toBe(await store.localPath(blob.sha256));
  });

  it('leaves an existing file untouched when the same bytes come again', async () => {
    const data = Buffer.from('same bytes');
    const file = (await store.localPath((await store.put(data)).sha256))!;
    const before = await fsp.stat(file);
    await store.put(data);
    expect((await fsp.stat(file)).ino).toBe(before.ino);
  });
});
