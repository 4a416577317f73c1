import type { Readable } from 'node:stream';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';

export interface MultipartFormOptions {
  /** The one part name files may come in. */
  fileField: string;
  maxFiles: number;
  maxFields: number;
  maxFieldBytes: number;
  /** A field's text as the JSON body would carry it, so that one zod schema validates both encodings. */
  decodeField?: (name: string, value: string) => unknown;
  /**
   * Takes one file stream to the end (or rejects). Called strictly one file after another, with the
   * fields that came before the file.
   */
  storeFile: (stream: Readable, fileName: string, fieldsSoFar: Record<string, unknown>) => Promise<void>;
  /** The errors to answer (each feature has its own translation keys). */
  errors: {
    invalid: (message: string) => Error;
    tooManyFiles: () => Error;
  };
}

/**
 * Reads a `multipart/form-data` body: fields become an object, files stream one after another to
 * `storeFile` (never buffered whole, so a 2 GB TIFF costs the same memory as a 2 KB PDF). On the
 * first problem the rest of the body is drained (so the client can read the answer) and the promise
 * rejects; cleaning up what `storeFile` kept is the caller's job.
 */
export function parseMultipartForm(
  request: FastifyRequest,
  payload: Readable,
  options: MultipartFormOptions,
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  const decode = options.decodeField ?? ((_name: string, value: string) => value);
  return new Promise((resolve, reject) => {
    let failed = false;
    // Files are stored strictly one after another: busboy waits until each file stream is read.
    let storing: Promise<void> = Promise.resolve();
    const parser = Busboy({
      headers: request.headers as BusboyHeaders,
      limits: {
        fields: options.maxFields,
        fieldSize: options.maxFieldBytes,
        files: options.maxFiles,
        parts: options.maxFields + options.maxFiles,
      },
    });
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      payload.unpipe(parser);
      // Drain the rest so the answer can be read by the client.
      payload.resume();
      reject(err instanceof Error ? err : new Error(String(err)));
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (failed) return;
      if (valueTruncated) return fail(options.errors.invalid(`Field ${name} is too long`));
      if (Object.hasOwn(fields, name)) return fail(options.errors.invalid(`Field ${name} is sent twice`));
      fields[name] = decode(name, value);
    });
    parser.on('file', (name, stream, filename) => {
      if (failed) {
        stream.resume();
        return;
      }
      if (name !== options.fileField) {
        stream.resume();
        fail(options.errors.invalid(`Files go in the part ${options.fileField}`));
        return;
      }
      storing = storing
        .then(async () => {
          if (failed) {
            stream.resume();
            return;
          }
          await options.storeFile(stream, filename, fields);
        })
        .catch(fail);
    });
    const tooMany = () => fail(options.errors.tooManyFiles());
    parser.on('filesLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('fieldsLimit', () => fail(options.errors.invalid('Too many fields')));
    parser.on('error', (err) => fail(err instanceof Error ? options.errors.invalid(err.message) : err));
    parser.on('finish', () => {
      storing.then(() => {
        if (!failed) resolve(fields);
      }, fail);
    });
    payload.on('error', fail);
    payload.pipe(parser);
  });
}
