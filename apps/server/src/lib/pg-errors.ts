/** What a PostgreSQL error says about itself; never its parameters or the values in its detail. */
export type PgErrorInfo = { code: string; constraint?: string; table?: string; column?: string; routine?: string };

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error behind `error` (drivers and the ORM wrap it in `cause`), or null. Works for
 * node-postgres and PGlite alike: both carry the SQLSTATE in `code`.
 */
export function pgErrorOf(error: unknown): PgErrorInfo | null {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 6;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      table?: unknown;
      column?: unknown;
      routine?: unknown;
    };
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code)) {
      const info: PgErrorInfo = { code: candidate.code };
      for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
        if (typeof candidate[key] === 'string') info[key] = candidate[key];
      }
      return info;
    }
  }
  return null;
}

/** A unique violation, of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/**
 * Input PostgreSQL could not take (class 22 "data exception": a NUL byte, a malformed uuid or json, a
 * number out of range; 54000: a value too large to index). Validation should have refused it; this
 * is the safety net that keeps such input a 4xx.
 */
export function isInvalidInput(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code !== undefined && (code.startsWith('22') || code === '54000');
}

/** Connection exceptions (class 08), a server shutting down or starting (57P01–57P03), too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What node-postgres, the pool and ioredis say when their server is not there or does not answer. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed|Stream isn't writeable|Command timed out|Reached the max retries per request limit|Database unreachable)/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether `error` says a dependency (PostgreSQL, Redis) is away or not answering, rather than that
 * this request is wrong: the answer is then 503 with Retry-After, and an outbox lane retries soon
 * instead of backing off as it does for a failing consumer. Drivers and the ORM wrap it in `cause`.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // A connection refused on every address the host resolves to comes as an AggregateError.
    e = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return false;
}
