import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@casino/contracts';
import { DomainError, unprocessable } from './errors.ts';
import type { ReplayGuard } from './replay-guard.ts';
import { SignatureError, verifyCall, type Signed } from './signing.ts';

export type SignedJsonOptions = {
  secret: string;
  /** During a rotation, the partner's previous secret: still accepted (`<NAME>_PREVIOUS`, docs/operations.md). */
  previousSecret?: string | null;
  /** Request ids are unique per partner: the replay guard's namespace. */
  scope: string;
  replayGuard: ReplayGuard;
  bodyLimit: number;
  /** The refusal in the partner's own error envelope (default: ours, code 15010 / 422). */
  refuse?: (message: string) => Error;
  invalidJson?: (message: string) => Error;
};

const refuseSignature = (message: string) => new DomainError(ErrorCode.invalidSignature, message);

const signedCalls = new WeakMap<FastifyRequest, Signed>();

/** The request id and timestamp of a verified call (for logs). */
export const signedCallOf = (request: FastifyRequest): Signed | undefined => signedCalls.get(request);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Makes every route of this (encapsulated) scope a signed JSON endpoint: the signature is checked on
 * the raw bytes, bound to this method and path, before anything is parsed; a request id seen before
 * is refused; only then is the body parsed and handed to the route's schema.
 */
export function acceptSignedJson(app: FastifyInstance, options: SignedJsonOptions): void {
  const refuse = options.refuse ?? refuseSignature;
  const invalidJson = options.invalidJson ?? unprocessable;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    async (request: FastifyRequest, body: string | Buffer) => {
      const raw = body as string;
      let signed: Signed;
      try {
        signed = verifyCall(
          options.previousSecret ? [options.secret, options.previousSecret] : options.secret,
          { method: request.method, path: request.url, body: raw },
          { signature: header(request, 'x-signature'), requestId: header(request, 'x-request-id') },
        );
      } catch (error) {
        throw error instanceof SignatureError ? refuse(error.message) : error;
      }
      if (!(await options.replayGuard.firstSeen(options.scope, signed.requestId, signed.timestamp))) {
        throw refuse('This X-Request-Id was already used; sign every call with a new one');
      }
      signedCalls.set(request, signed);
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw invalidJson('The body is not valid JSON');
      }
    },
  );
  // A call without a JSON body never reached the parser, so nothing checked its signature.
  app.addHook('preValidation', async (request) => {
    if (!signedCalls.has(request)) throw refuse('A signed JSON body is required');
  });
}
