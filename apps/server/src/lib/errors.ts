import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorEnvelopeSchema } from '@casino/contracts';

type Fields = Record<string, string[]>;

/** An error the client is meant to see: HTTP status, wire code, message and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly fields?: Fields,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Authentication required', code: number = ErrorCode.unauthorized) =>
  new AppError(401, code, message);
export const forbidden = (message = 'Forbidden', code: number = ErrorCode.forbidden) =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.notFound, message);
export const conflict = (message: string, code: number = ErrorCode.conflict) => new AppError(409, code, message);
export const unprocessable = (message: string, fields?: Fields, code: number = ErrorCode.unprocessable) =>
  new AppError(422, code, message, fields);
export const fieldError = (field: string, message: string) => unprocessable(message, { [field]: [message] });

/** Route schema `response` entries: the error envelope under each status (for validation and OpenAPI). */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema]));

export function errorBody(code: number, message: string, fields?: Fields) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Field errors of a failed request-schema check, keyed by dotted path (`_` for the whole body), or null for any other error. */
export function schemaFieldErrors(error: FastifyError): Fields | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const fields: Fields = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fields;
}

/** Maps every failure to the wire envelope; bad input is a 4xx, never a 5xx. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    const fields = schemaFieldErrors(error);
    if (fields) return reply.status(422).send(errorBody(ErrorCode.unprocessable, 'The request is not valid', fields));
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody(ErrorCode.payloadTooLarge, 'The request body is too large'));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody(ErrorCode.tooManyRequests, 'Too many requests, try again later'));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client sent something we cannot read.
      const mapped = status === 401 || status === 403 || status === 404 ? status : 422;
      return reply.status(mapped).send(errorBody(mapped, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(ErrorCode.internal, 'Internal Server Error'));
  });
}
