import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

/** s3rver's default account; it checks request signatures against it. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface S3TestServer {
  bucket: string;
  endpoint: string;
  /**
   * STORAGE_URL for the portal. It carries the credentials, since an in-process app's SDK does
   * not see the `env` below (loadConfig gets its own variables, the SDK reads process.env).
   */
  storageUrl: string;
  /** For child processes: AWS credentials, and no instance-metadata lookups (nothing leaves the machine). */
  env: Record<string, string>;
  /** s3rver's data directory. */
  directory: string;
  /** A client on this server, for tests that look into the bucket. */
  client: S3Client;
  close(): Promise<void>;
}

export interface S3TestServerOptions {
  bucket?: string;
  /**
   * s3rver 3.7.1 implements neither AbortMultipartUpload nor ListMultipartUploads. By default a
   * small shim adds both over s3rver's own files, so tests can prove an aborted upload leaves no
   * parts behind; `false` keeps s3rver as it is, to test a server that refuses the abort.
   */
  multipartShim?: boolean;
}

interface S3rverInstance {
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  req: IncomingMessage;
  res: ServerResponse;
}

// s3rver ships no type declarations: loaded through require, with the little used here typed above.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** An S3 server in this process on 127.0.0.1 (random port) over a temp directory, with one bucket. */
export async function startS3Server(options: S3TestServerOptions = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'mediabox';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  if (options.multipartShim !== false) server.middleware.unshift(multipartShim(directory));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  return {
    bucket,
    endpoint,
    storageUrl: `s3://${ACCESS_KEY}:${SECRET_KEY}@${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    env: {
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: SECRET_KEY,
      AWS_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
    },
    directory,
    client,
    close: async () => {
      client.destroy();
      // Keep-alive sockets of the apps' clients would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * AbortMultipartUpload (DELETE /bucket/key?uploadId=…) and ListMultipartUploads (GET /bucket?uploads)
 * over s3rver's files: an upload in progress is the folder `<directory>/<bucket>/._S3rver_uploads/<id>`
 * with the key in a file named `key` (see s3rver's lib/stores/filesystem.js).
 */
function multipartShim(directory: string) {
  return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    const [bucket, ...keyParts] = ctx.path.split('/').filter(Boolean);
    if (!bucket) return next();
    const uploads = path.join(directory, bucket, '._S3rver_uploads');
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && keyParts.length > 0 && typeof uploadId === 'string') {
      if (!/^[0-9a-f]+$/.test(uploadId)) return next();
      await fs.rm(path.join(uploads, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && keyParts.length === 0 && 'uploads' in ctx.query) {
      const ids = await fs.readdir(uploads).catch(() => [] as string[]);
      const entries = await Promise.all(
        ids.map(async (id) => {
          const key = await fs.readFile(path.join(uploads, id, 'key'), 'utf8').catch(() => '');
          return `<Upload><Key>${xml(key)}</Key><UploadId>${xml(id)}</UploadId></Upload>`;
        }),
      );
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult>' +
        `<Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${entries.join('')}` +
        '</ListMultipartUploadsResult>';
      return;
    }
    return next();
  };
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
