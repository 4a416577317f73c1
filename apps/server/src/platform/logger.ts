import { pino, type DestinationStream, type Logger } from 'pino';
import { redactUrl } from './log-redaction.js';

/** What a request line says of the request: its address with keys and signatures taken out. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Structured JSON logs; secrets never reach them (headers and fields by path, keys in addresses by redactUrl). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.passwordRepeat',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
