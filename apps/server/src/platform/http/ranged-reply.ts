import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from '../storage/blob-store.js';
import { satisfiableRange } from './http-range.js';

/** A body of known size that can be read whole or from any byte range, with what its headers need. */
export interface RangedBody {
  size: number;
  /** Content-Type. */
  type: string;
  /** Cache-Control. */
  cacheControl: string;
  /** Content-Disposition (from content-disposition.ts), when the body has one. */
  disposition?: string | undefined;
  /**
   * A strong validator, sent as ETag. With one, a Range under another If-Range validator gets the
   * whole body, as RFC 9110 says; without one, a Range is always served.
   */
  etag?: string | undefined;
  read(range?: ByteRange): Readable;
  /**
   * Counts a download: called, and awaited, before the body of a GET that starts at the first byte
   * (a resumed part is the same download). A failure is logged; the answer goes on without it.
   */
  countDownload?: ((client: { ip: string }) => Promise<void>) | undefined;
  /**
   * Called once the answer of a GET whose bytes reach the body's last byte has gone out without an
   * error (the whole body, or a resumed Range to its end), so a download can be told complete. Not
   * awaited by the answer; a failure is logged.
   */
  onComplete?: (() => Promise<void>) | undefined;
}

/** How one route answers: what differs between the routes that serve ranged bodies. */
export interface RangedAnswer extends RangedBody {
  /** Further headers of every answer (e.g. a CORP that lets other sites embed the file). */
  headers?: Record<string, string>;
  /** 304 (headers only) for an If-None-Match naming the ETag. */
  ifNoneMatch?: boolean;
  /** HEAD always tells the whole body (200 and its full length), even when asked for a Range. */
  headIsWhole?: boolean;
}

/**
 * Answers GET and HEAD for a ranged body (declare both methods on the route: Fastify's generated
 * HEAD would read the whole body to discard it and answer Content-Length 0). A single byte range is
 * 206 with its Content-Range, an unsatisfiable one 416 (before any other header), anything else the
 * whole body with its exact Content-Length; HEAD sends the same headers without reading a byte.
 */
export async function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: RangedAnswer,
): Promise<FastifyReply> {
  const { size, etag } = answer;
  const ifRange = request.headers['if-range'];
  const range =
    etag === undefined || ifRange === undefined || ifRange === etag
      ? satisfiableRange(request.headers.range, size)
      : ({ kind: 'whole' } as const);
  reply.header('content-type', answer.type).header('x-content-type-options', 'nosniff');
  if (answer.disposition !== undefined) reply.header('content-disposition', answer.disposition);
  if (etag !== undefined) reply.header('etag', etag);
  reply.header('cache-control', answer.cacheControl).header('accept-ranges', 'bytes');
  if (answer.headers) reply.headers(answer.headers);
  if (answer.ifNoneMatch && etag !== undefined && matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.status(304).send();
  }
  const withBody = request.method !== 'HEAD';
  if (!withBody && answer.headIsWhole) return reply.header('content-length', String(size)).send();
  if (withBody && answer.countDownload && (range.kind === 'whole' || range.start === 0)) {
    await answer
      .countDownload({ ip: request.ip })
      .catch((error: unknown) => request.log.warn({ err: error }, 'download event not recorded'));
  }
  if (withBody && answer.onComplete && reachesLastByte(range, size)) {
    const onComplete = answer.onComplete;
    // 'finish': the last byte was handed to the socket; an aborted or failed stream ends in 'close' only.
    reply.raw.once('finish', () => {
      onComplete().catch((error: unknown) =>
        request.log.warn({ err: error }, 'download completion not recorded'),
      );
    });
  }
  if (range.kind === 'partial') {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1));
    return reply.send(withBody ? answer.read({ start: range.start, end: range.end }) : undefined);
  }
  reply.header('content-length', String(size));
  // An empty body has no byte to read: answer it without opening anything.
  return reply.send(withBody && size > 0 ? answer.read() : undefined);
}

function reachesLastByte(range: ReturnType<typeof satisfiableRange>, size: number): boolean {
  if (range.kind === 'whole') return true;
  return range.kind === 'partial' && range.end === size - 1;
}

/** `If-None-Match` may list several tags or be `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
