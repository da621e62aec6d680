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
