import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@casino/contracts';
import { DomainError, fieldError } from './errors.ts';
import type { ReplayGuard } from './replay-guard.ts';
import { SignatureError, signCall, verifyCall } from './signing.ts';

/** One line of a partner's daily statement, normalized by the partner's adapter. */
export type PartnerStatementLine = {
  /** The idempotency key of the casino ledger entry this line must match: `deposit:<invoice id>` for a PSP payment, `withdrawal-paid:<invoice id>` for a PSP payout, `game:<provider transaction id>` for a game wallet call. */
  ledgerKey: string;
  /** The partner's own id of the line (payment id, transaction id). */
  partnerId: string;
  kind: 'payment' | 'payout' | 'bet' | 'win' | 'rollback';
  currency: string;
  /** Positive, minor units of `currency`. */
  amountMinor: bigint;
  /** The partner's fee on the line (0n where it charges none), minor units. */
  feeMinor: bigint;
  /** ISO time the partner dates it (settled at / called at). */
  at: string;
  /** The method (PSP) or the game identity (game provider). */
  detail: string;
};
export type PartnerStatement = { partner: string; date: string; lines: PartnerStatementLine[] };

/** A statement's day, `YYYY-MM-DD` (a UTC day), a real calendar date. */
export const statementDateSchema = z.iso.date().refine((date) => {
  const day = new Date(`${date}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
}, 'Not a calendar date');

/** The day a caller asks a statement of, checked (422 unless `YYYY-MM-DD` and a calendar date). */
export function statementDay(date: string): string {
  const parsed = statementDateSchema.safeParse(date);
  if (!parsed.success) throw fieldError('date', 'The day must be a calendar date, YYYY-MM-DD');
  return parsed.data;
}

/** An amount on the wire: non-negative integer minor units as a decimal string. */
export const minorAmountSchema = z
  .string()
  .regex(/^\d{1,30}$/)
  .transform((value) => BigInt(value));

const DAY_MS = 86_400_000;

/** The UTC day `date` names, as a half-open range [from, to). */
export function utcDay(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00.000Z`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** RFC 4180 CSV with CRLF line ends; a field with a comma, quote or line break is quoted. */
export function csvOf(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

// ---- The partner's side (the sandbox parties) ----

export type StatementRequestOptions = {
  secrets: readonly string[];
  /** The party's replay-guard namespace (request ids are unique per partner). */
  scope: string;
  replayGuard: ReplayGuard;
  refuse: (message: string) => Error;
};

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Makes every route of this (encapsulated) scope take only GETs signed as the partner's other calls are
 * (method, path with query, an empty body), each request id once: checked before the route's schema.
 */
export function acceptSignedGets(app: FastifyInstance, options: StatementRequestOptions): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    let signed;
    try {
      signed = verifyCall(
        options.secrets,
        { method: request.method, path: request.url, body: '' },
        { signature: headerOf(request.headers, 'x-signature'), requestId: headerOf(request.headers, 'x-request-id') },
      );
    } catch (error) {
      throw error instanceof SignatureError ? options.refuse(error.message) : error;
    }
    if (!(await options.replayGuard.firstSeen(options.scope, signed.requestId, signed.timestamp)))
      throw options.refuse('This X-Request-Id was already used; sign every call with a new one');
  });
}

/**
 * Sends a statement signed by its partner: the same HMAC as the partner's calls, over `GET`, the
 * request's path and the exact body bytes, under the request's own id (a statement answers one request).
 */
export function sendSignedStatement(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  answer: { body: string; contentType: string },
): FastifyReply {
  const requestId = headerOf(request.headers, 'x-request-id')!;
  const headers = signCall(secret, { method: 'GET', path: request.url, body: answer.body }, { requestId });
  return reply.headers(headers).type(answer.contentType).send(answer.body);
}

/** What a partner serves as its daily statement: its rows of a day, as JSON and as CSV. */
export type StatementService<T> = StatementRequestOptions & {
  /** The partner's name in the JSON (`provider`). */
  provider: string;
  /** The secret the answers are signed with (the current one). */
  signWith: string;
  lines(date: string): Promise<T[]>;
  csv: { header: readonly string[]; row(line: T): string[] };
};

/**
 * `GET /api/statements/:date[?format=csv]` in this (encapsulated) scope: to a call signed as the
 * partner's other calls are, the day's lines, signed back over the exact bytes (sendSignedStatement).
 */
export function serveStatements<T>(scope: FastifyInstance, service: StatementService<T>): void {
  acceptSignedGets(scope, service);
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/api/statements/:date',
    {
      schema: {
        hide: true,
        params: z.object({ date: statementDateSchema }),
        querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const lines = await service.lines(date);
      const answer =
        request.query.format === 'csv'
          ? { body: csvOf(service.csv.header, lines.map(service.csv.row)), contentType: 'text/csv; charset=utf-8' }
          : {
              body: JSON.stringify({ date, provider: service.provider, transactions: lines }),
              contentType: 'application/json',
            };
      return sendSignedStatement(request, reply, service.signWith, answer);
    },
  );
}

// ---- The casino's side (the adapters) ----

export type StatementFetch = {
  /** The statement's URL (`…/api/statements/<date>`). */
  url: string;
  /** The secret the casino signs its calls with. */
  secret: string;
  /** The secrets a partner's signature may be made with (the current one and, during a rotation, the previous). */
  accepted: readonly string[];
  timeoutMs: number;
  /** The partner could not be reached or did not answer a statement: the adapter's own DomainError. */
  unavailable: (detail: string) => DomainError;
};

/** The statement was not signed by the partner, or not for this request: nothing in it can be trusted. */
const untrusted = (message: string) =>
  new DomainError(ErrorCode.invalidSignature, `The partner's statement is not trusted: ${message}`);

/**
 * A signed GET of a partner's statement, its answer's signature checked against the exact bytes, this
 * path and this request's id: the raw JSON text, or a DomainError (unreachable, refused, untrusted).
 */
export async function fetchSignedStatement(options: StatementFetch): Promise<string> {
  const target = new URL(options.url);
  const path = `${target.pathname}${target.search}`;
  const headers = signCall(options.secret, { method: 'GET', path, body: '' });
  let response: Response;
  let body: string;
  try {
    response = await fetch(target, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
    body = await response.text();
  } catch (error) {
    throw options.unavailable(`unreachable (${(error as Error).message})`);
  }
  if (response.status !== 200) throw options.unavailable(`answered ${response.status}`);
  const requestId = response.headers.get('x-request-id') ?? undefined;
  try {
    verifyCall(
      options.accepted,
      { method: 'GET', path, body },
      { signature: response.headers.get('x-signature') ?? undefined, requestId },
    );
  } catch (error) {
    throw error instanceof SignatureError ? untrusted(error.message) : error;
  }
  if (requestId !== headers['x-request-id']) throw untrusted('it answers another request');
  return body;
}

/** A signed statement's JSON read with the partner's schema; it must be of the day asked for. */
export function parseStatement<T extends { date: string }>(
  raw: string,
  schema: z.ZodType<T>,
  date: string,
  unavailable: (detail: string) => DomainError,
): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw unavailable('its statement is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw unavailable(`its statement does not match the API (${parsed.error.issues[0]?.message})`);
  if (parsed.data.date !== date) throw unavailable(`it sent the statement of ${parsed.data.date}`);
  return parsed.data;
}
