import { pino, type Logger } from 'pino';
import SonicBoom from 'sonic-boom';
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
  return pino(
    {
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
    },
    destination(),
  );
}

/** Log lines held in memory while the output does not take them; beyond, lines are dropped (and counted). */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
let stdout: SonicBoom | null = null;
let dropped = 0;

/**
 * Standard output, written without ever blocking the process. A reader that stops reading (a full
 * pipe) or went away must not stop the service, nor its exit: pino's default destination flushes
 * synchronously in an exit hook and retries a full pipe for ever (a process that called exit, frozen
 * on a futex, its port open, deaf to SIGTERM). Here lines wait in memory up to a bound, then are
 * dropped and counted; nothing runs at exit; a stop flushes with a deadline (`flushLogs`).
 */
function destination(): SonicBoom {
  if (stdout) return stdout;
  const stream = new SonicBoom({ fd: 1, sync: false, maxLength: MAX_PENDING_BYTES });
  stream.on('drop', () => {
    dropped++;
  });
  stream.on('error', () => {
    // The reader went away (EPIPE) or the output failed: what is not written is lost, and counted.
    dropped++;
  });
  stdout = stream;
  return stream;
}

/** A line for the person at the terminal (a stop's last words), on the same never-blocking output. */
export function say(line: string): void {
  destination().write(`${line}\n`);
}

/** Log lines lost because the output did not take them (for /metrics and the shutdown line). */
export const droppedLogLines = () => dropped;

/** Writes what is pending, for at most `ms` (a stop must never wait on a reader that does not read). */
export function flushLogs(ms: number): Promise<void> {
  const stream = stdout;
  if (!stream) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    try {
      stream.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
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
