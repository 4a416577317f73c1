import { ErrorCodes } from '@mediabox/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * How long a client may take to send a request body (issue 17.5). A body trickled at one byte per
 * five seconds would otherwise hold a connection, and the parser waiting on it, for ever.
 */
export interface SlowClientLimits {
  /** A form or JSON body must have arrived completely this long after its headers. */
  bodyDeadlineMs: number;
  /** An upload (multipart) may take as long as it keeps moving: at least this much … */
  uploadMinBytes: number;
  /** … in every window of this length. */
  uploadWindowMs: number;
}

/** 30 s for a form; uploads of gigabytes need only keep moving (64 KiB per 30 s is a dial-up line). */
export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  bodyDeadlineMs: 30_000,
  uploadMinBytes: 64 * 1024,
  uploadWindowMs: 30_000,
};

/** Idle sockets (no byte either way) are closed after this long, whatever the request. */
export const CONNECTION_IDLE_MS = 120_000;

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

const isUpload = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * Watches each request with a body until it has arrived (or the answer is sent). It reads only the
 * socket's byte count, never the body stream itself, so the parsers see every byte as before. A
 * client too slow gets 408 `errors.requestTimeout` and the connection is closed (it is still
 * sending); the aborted body fails its parser like a dropped connection, whose clean-up runs.
 */
export function registerSlowClientGuard(app: FastifyInstance, limits: SlowClientLimits = SLOW_CLIENT_LIMITS) {
  app.addHook('onRequest', (request, reply, done) => {
    if (!hasBody(request) || request.raw.complete) return done();
    const socket = request.raw.socket;
    const timers: NodeJS.Timeout[] = [];
    const stop = () => timers.forEach((timer) => clearTimeout(timer));
    reply.raw.once('close', stop);
    request.raw.once('close', () => {
      if (request.raw.complete) stop();
    });

    if (isUpload(request)) {
      let seen = socket.bytesRead;
      const check = () => {
        if (request.raw.complete) return;
        if (socket.bytesRead - seen < limits.uploadMinBytes) return refuse(request, reply, 'upload stalled');
        seen = socket.bytesRead;
        timers.push(setTimeout(check, limits.uploadWindowMs).unref());
      };
      timers.push(setTimeout(check, limits.uploadWindowMs).unref());
    } else {
      const deadline = () => {
        if (!request.raw.complete) refuse(request, reply, 'body not complete in time');
      };
      timers.push(setTimeout(deadline, limits.bodyDeadlineMs).unref());
    }
    done();
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply, reason: string): void {
  request.log.warn({ reason }, 'slow client: request body timed out');
  const socket = request.raw.socket;
  if (reply.sent) {
    socket.destroy();
    return;
  }
  reply.raw.once('finish', () => socket.destroy());
  void reply
    .header('connection', 'close')
    .send(new AppError(ErrorCodes.requestTimeout, 'The request body arrived too slowly'));
}
