import type { Readable } from 'node:stream';
import { CATALOGUE_UPLOAD_FIELD, CATALOGUE_UPLOAD_MAX_FILES, ErrorCodes } from '@mediabox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { parseMultipartForm } from '../../../platform/http/multipart-form.js';
import type { StagedUpload, UploadStaging } from './upload-staging.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a catalogue upload, on disk in a staging directory until the response is sent. */
    catalogueUpload: StagedUpload | null;
  }
}

const MAX_FIELDS = 5;
const MAX_FIELD_BYTES = 1024;

/**
 * Parses `multipart/form-data` inside the catalogue admin plugin: files stream into a staging
 * directory (the import reads files from disk and checks their content there), fields become the
 * body. The staging directory goes away with the answer, whatever its outcome: by then the
 * import has copied what it kept into the blob store.
 */
export function registerCatalogueUploadParser(app: FastifyInstance, staging: UploadStaging): void {
  app.decorateRequest('catalogueUpload', null);

  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    parseUpload(request, payload, staging).then(
      (fields) => done(null, fields),
      (err: Error) => done(err, undefined),
    );
  });

  const discard = async (request: FastifyRequest) => {
    const upload = request.catalogueUpload;
    request.catalogueUpload = null;
    await upload?.discard();
  };
  // Before the answer goes out, so a client that reads it finds nothing left behind; the other two
  // hooks catch requests that end without an answer being sent.
  app.addHook('onSend', async (request, _reply, payload) => {
    await discard(request);
    return payload;
  });
  app.addHook('onResponse', discard);
  app.addHook('onRequestAbort', discard);
}

async function parseUpload(
  request: FastifyRequest,
  payload: Readable,
  staging: UploadStaging,
): Promise<Record<string, unknown>> {
  const upload = await staging.begin();
  request.catalogueUpload = upload;
  return parseMultipartForm(request, payload, {
    fileField: CATALOGUE_UPLOAD_FIELD,
    maxFiles: CATALOGUE_UPLOAD_MAX_FILES,
    maxFields: MAX_FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
    storeFile: async (stream, fileName) => {
      await upload.store(stream, fileName);
    },
    errors: {
      invalid: (message) => new AppError(ErrorCodes.catalogueUploadInvalid, message),
      tooManyFiles: () =>
        new AppError(ErrorCodes.catalogueTooManyFiles, `At most ${CATALOGUE_UPLOAD_MAX_FILES} files at once`),
    },
  });
}
