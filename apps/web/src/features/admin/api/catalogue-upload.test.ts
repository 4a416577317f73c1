import { CATALOGUE_UPLOAD_MAX_BYTES } from '@mediabox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../shared/auth/user-store';
import { deferred } from '../../../shared/testing/stub-api';
import { stubUploads, type UploadAnswer } from '../../../shared/testing/stub-uploads';
import { testUser } from '../../../shared/testing/test-user';
import { uploadedAsset } from '../testing/admin-fixtures';
import { uploadBatches, uploadFiles } from './catalogue-upload';

afterEach(() => vi.unstubAllGlobals());

const file = (name: string, bytes = 10) => new File(['x'.repeat(bytes)], name, { type: 'image/jpeg' });
const namesOf = (body: FormData) => (body.getAll('files') as File[]).map((sent) => sent.name);

describe('catalogue upload', () => {
  it('cuts a drop into requests of at most 20 files', () => {
    const files = Array.from({ length: 41 }, (_, index) => file(`${index}.jpg`));
    expect(uploadBatches(files).map((batch) => batch.length)).toEqual([20, 20, 1]);
    expect(uploadBatches([])).toEqual([]);
  });

  it('reports one progress over all the bytes of all requests', async () => {
    setStoredUser(testUser({ isSuperUser: true }));
    // Each request is held until the test has reported its progress.
    const held = [deferred<UploadAnswer>(), deferred<UploadAnswer>()];
    const uploads = stubUploads(({ body }) => {
      const answer = held[uploads.length - 1]!;
      return answer.promise.then(() => ({
        body: { assets: namesOf(body).map((name) => uploadedAsset(name)) },
      }));
    });
    const percents: number[] = [];
    const files = Array.from({ length: 40 }, (_, index) => file(`${index}.jpg`));
    const done = uploadFiles(10, files, (percent) => percents.push(percent));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    await uploads[0]!.progress(1, 2);
    held[0]!.resolve({ body: null });
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    await uploads[1]!.progress(1, 2);
    held[1]!.resolve({ body: null });
    const report = await done;
    expect(percents).toEqual([25, 75, 100]);
    expect(report.stored).toHaveLength(40);
    expect(report.stoppedBy).toBeNull();
  });

  it('refuses a file too large for the server before sending anything of it', async () => {
    const uploads = stubUploads(({ body }) => ({
      body: { assets: namesOf(body).map((name) => uploadedAsset(name)) },
    }));
    const huge = file('huge.tif');
    Object.defineProperty(huge, 'size', { value: CATALOGUE_UPLOAD_MAX_BYTES + 1 });
    const report = await uploadFiles(10, [huge, file('small.jpg')]);
    expect(report.refused).toEqual([{ fileName: 'huge.tif', code: 'admin.catalogue.errors.fileTooLarge' }]);
    expect(uploads.map(({ body }) => namesOf(body))).toEqual([['small.jpg']]);
  });

  it('stops at a failure that names no file, keeping what was stored and naming the rest', async () => {
    let count = 0;
    stubUploads(({ body }) =>
      count++ === 0
        ? { body: { assets: namesOf(body).map((name) => uploadedAsset(name)) } }
        : { status: 400, body: { error: { code: 'admin.catalogue.errors.uploadInvalid', message: 'bad' } } },
    );
    const files = Array.from({ length: 45 }, (_, index) => file(`${index}.jpg`));
    const report = await uploadFiles(10, files);
    expect(report.stored).toHaveLength(20);
    expect(report.stoppedBy).toEqual(['admin.catalogue.errors.uploadInvalid', 'admin.errors.failed']);
    expect(report.unsent).toHaveLength(25);
    expect(report.unsent[0]).toBe('20.jpg');
  });
});
