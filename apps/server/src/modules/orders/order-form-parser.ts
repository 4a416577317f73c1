import type { Readable } from 'node:stream';
import { ErrorCodes, ORDER_FILES_MAX, ORDER_UPLOAD_FIELD, OrderFileRefusals } from '@mediabox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { parseMultipartForm } from '../../platform/http/multipart-form.js';
import type { OrderUploads, StoredUpload } from './order-uploads.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart order form, already in the blob store and checked (see OrderUploads). */
    orderUploads: StoredUpload[] | null;
  }
}

/** Form fields that carry JSON (spec 7.5: "fields, packshot and change as JSON"). */
const JSON_FIELDS = new Set(['change', 'packshot', 'history', 'files']);
const FLAG_FIELDS = new Set(['de', 'at', 'ch', 'notify']);
const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * A multipart field's text as the JSON body would carry it, so that one zod schema (OrderSave)
 * validates both encodings. Undecodable values are passed on as text: the schema then names the field.
 */
function decodeField(name: string, value: string): unknown {
  if (JSON_FIELDS.has(name)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  if (FLAG_FIELDS.has(name)) return value === 'true' ? true : value === 'false' ? false : value;
  if (name === '_id') return /^\d{1,15}$/.test(value) ? Number(value) : value;
  return value;
}

/**
 * Parses `multipart/form-data` order forms inside the orders plugin: fields become the body (then
 * validated by the route's schema like a JSON body), files stream one after another straight into
 * the blob store (never buffered whole, so a 2 GB TIFF costs the same memory as a 2 KB PDF) and are
 * checked by content as they arrive. A request that fails later (bad fields, a refused file, a
 * failed transaction, a dropped connection) takes its stored files away again.
 */
export function registerOrderFormParser(app: FastifyInstance, uploads: OrderUploads): void {
  app.decorateRequest('orderUploads', null);

  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    parseOrderForm(request, payload, uploads).then(
      (fields) => done(null, fields),
      (err: Error) => done(err, undefined),
    );
  });

  const discard = async (request: FastifyRequest) => {
    const stored = request.orderUploads?.splice(0) ?? [];
    if (stored.length > 0) await uploads.discard(stored);
  };
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400) await discard(request);
  });
  app.addHook('onRequestAbort', discard);
}

function parseOrderForm(
  request: FastifyRequest,
  payload: Readable,
  uploads: OrderUploads,
): Promise<Record<string, unknown>> {
  const stored: StoredUpload[] = [];
  request.orderUploads = stored;
  return parseMultipartForm(request, payload, {
    fileField: ORDER_UPLOAD_FIELD,
    maxFiles: ORDER_FILES_MAX,
    maxFields: MAX_FIELDS,
    maxFieldBytes: MAX_FIELD_BYTES,
    decodeField,
    // Listed before the check, so that a refused file is taken away with the rest.
    storeFile: (stream, filename) => uploads.store(stream, filename, stored),
    errors: {
      invalid: uploadInvalid,
      tooManyFiles: () => new AppError(OrderFileRefusals.tooMany, `At most ${ORDER_FILES_MAX} files at once`),
    },
  });
}

const uploadInvalid = (message: string) => new AppError(ErrorCodes.orderUploadInvalid, message);
