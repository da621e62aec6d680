import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorEnvelopeSchema, httpStatusOf } from '@casino/contracts';
import { isDependencyUnavailable, isInvalidInput } from './pg-errors.ts';

export type Fields = Record<string, string[]>;

/**
 * A refusal the client is meant to read: a contracts error code, a message, field errors and extra
 * details (a wallet answer's balance, say). Services raise it; it knows nothing of HTTP. The edge
 * (`toHttpError`) gives each code its status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fields?: Fields,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Authentication required', code: number = ErrorCode.unauthorized) =>
  new DomainError(code, message);
export const forbidden = (message = 'Forbidden', code: number = ErrorCode.forbidden) => new DomainError(code, message);
export const notFound = (message = 'Not found') => new DomainError(ErrorCode.notFound, message);
export const conflict = (message: string, code: number = ErrorCode.conflict) => new DomainError(code, message);
export const unprocessable = (message: string, fields?: Fields, code: number = ErrorCode.unprocessable) =>
  new DomainError(code, message, fields);
/** 429 with the seconds until a retry can succeed (sent as `Retry-After`). */
export const tooManyRequests = (message: string, retryAfterSec: number, code: number = ErrorCode.tooManyRequests) =>
  new DomainError(code, message, undefined, { retryAfterSec: Math.max(1, retryAfterSec) });
export const fieldError = (field: string, message: string) => unprocessable(message, { [field]: [message] });

/** Route schema `response` entries: the error envelope under each status (for validation and OpenAPI). */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema]));

/** What JSON and the envelope's schema can carry of a text the client wrote (a field key, a parser's message). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const carried = (text: string) => text.replace(LONE_SURROGATES, '\ufffd').replaceAll('\u0000', '\ufffd').slice(0, 200);

/**
 * The error envelope. Field keys and messages may echo what a client sent (a query key, an unknown
 * body key): made carriable here, so no answer ever fails to serialise and falls outside the envelope.
 */
export function errorBody(code: number, message: string, fields?: Fields, details?: Readonly<Record<string, unknown>>) {
  const safeFields = fields
    ? Object.fromEntries(Object.entries(fields).map(([key, lines]) => [carried(key), lines.map(carried)]))
    : undefined;
  return { error: { code, message: carried(message), ...details, ...(safeFields ? { fields: safeFields } : {}) } };
}

/** Field errors of a failed request-schema check, keyed by dotted path (`_` for the whole body), or null for any other error. */
export function schemaFieldErrors(error: unknown): Fields | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const fields: Fields = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fields;
}

export type HttpError = { status: number; body: ReturnType<typeof errorBody>; unexpected: boolean };

/** The one mapping from any error to an HTTP answer. Bad input is a 4xx, never a 5xx. */
export function toHttpError(error: unknown): HttpError {
  const answer = (
    status: number,
    code: number,
    message: string,
    fields?: Fields,
    details?: Record<string, unknown>,
  ) => ({
    status,
    body: errorBody(code, message, fields, details),
    unexpected: false,
  });
  if (error instanceof DomainError) {
    return answer(
      httpStatusOf(error.code),
      error.code,
      error.message,
      error.fields,
      error.details as Record<string, unknown>,
    );
  }
  if (isDependencyUnavailable(error)) {
    return answer(503, ErrorCode.serviceUnavailable, 'The service is briefly unavailable; try again in a few seconds');
  }
  const fields = schemaFieldErrors(error);
  if (fields) return answer(422, ErrorCode.unprocessable, 'The request is not valid', fields);
  if (isInvalidInput(error)) return answer(422, ErrorCode.unprocessable, 'The request is not valid');
  const status = (error as FastifyError | undefined)?.statusCode ?? 500;
  if (status === 413 || (error as FastifyError | undefined)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return answer(413, ErrorCode.payloadTooLarge, 'The request body is too large');
  }
  if (status === 429) return answer(429, ErrorCode.tooManyRequests, 'Too many requests, try again later');
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type and the like: the client sent something we cannot read.
    const mapped = status === 401 || status === 403 || status === 404 ? status : 422;
    return answer(mapped, mapped, (error as Error).message);
  }
  return { status: 500, body: errorBody(ErrorCode.internal, 'Internal Server Error'), unexpected: true };
}

/** What a client is told to wait when PostgreSQL or Redis is away: outages of a restart last seconds. */
export const DEPENDENCY_RETRY_AFTER_SEC = 5;

export function registerErrorHandling(app: FastifyInstance) {
  // An outage fails every request: one line per 10 s says so, not one per request.
  let outageLoggedAt = 0;
  app.setErrorHandler((error, request, reply) => {
    const mapped = toHttpError(error);
    if (mapped.unexpected) request.log.error({ err: error }, 'unhandled error');
    if (mapped.status === 503 && !(error instanceof DomainError) && Date.now() - outageLoggedAt > 10_000) {
      outageLoggedAt = Date.now();
      request.log.error({ reason: (error as Error).message }, 'a dependency is unavailable: answering 503');
    }
    const retryAfter =
      error instanceof DomainError
        ? error.details?.retryAfterSec
        : mapped.status === 503
          ? DEPENDENCY_RETRY_AFTER_SEC
          : undefined;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    return reply.status(mapped.status).send(mapped.body);
  });
}
