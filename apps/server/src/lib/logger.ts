import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { pgErrorOf } from './pg-errors.ts';

/**
 * The process's one logger (Fastify uses it; modules get children of it). It never logs tokens,
 * passwords or secrets: request logs carry the path only (query strings can hold one-time tokens),
 * sensitive headers and body fields are redacted, and a database error is logged by its code and
 * constraint only, never with the query's parameters or the values in its detail (a failed insert
 * would otherwise log a password hash, an email, an IP address).
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-ops-secret"]',
        'req.headers["x-geo-secret"]',
        'req.headers["x-signature"]',
        '*.password',
        '*.password_confirmation',
        '*.accessToken',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.url),
      }),
      err: serializeError,
    },
  });
}

/** The path without its query, and without sandbox game-session ids: such an id is the game page's credential. */
export function loggablePath(url: string): string {
  return url.split('?')[0]!.replace(/(\/sandbox\/games\/(?:play|api\/sessions)\/)[^/]+/, '$1[session]');
}

/** Stack frames only: the first line repeats the message, which for a failed query holds its parameters. */
const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const database = pgErrorOf(error);
  if (database) {
    return { type: 'DatabaseError', message: `database error ${database.code}`, ...database, stack: framesOf(error) };
  }
  return pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
}
