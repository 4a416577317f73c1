import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A file part of a multipart form: its bytes, or a stream of them for large uploads. */
export interface FilePart {
  field?: string;
  filename: string;
  contentType?: string;
  content: Buffer | Readable;
}

/**
 * A multipart/form-data body as a browser's FormData would send it: text fields first, then files.
 * Streams stay streams, so a test can upload hundreds of megabytes without holding them in memory.
 */
export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
): { body: Readable; contentType: string } {
  const boundary = `----mediabox${randomBytes(12).toString('hex')}`;
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      );
    }
    for (const file of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'newFiles'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      );
      if (Buffer.isBuffer(file.content)) yield file.content;
      else for await (const chunk of file.content) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { body: Readable.from(parts()), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `size` bytes that start with `head`, made chunk by chunk (constant memory). */
export function generatedFile(head: Buffer, size: number, chunkSize = 1 << 20): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const length = Math.min(chunkSize, size - sent);
      const chunk = Buffer.alloc(length, 0x20);
      if (sent === 0) head.copy(chunk, 0, 0, Math.min(head.length, length));
      sent += length;
      this.push(chunk);
    },
  });
}
