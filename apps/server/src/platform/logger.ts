import { pino, type Logger } from 'pino';

/** Structured JSON logs; secrets never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordRepeat', '*.token'],
      censor: '[redacted]',
    },
  });
}
