import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@casino/contracts';
import { DomainError, unprocessable } from '../../../lib/errors.ts';
import type { PaymentProvider } from './types.ts';

const verified = new WeakSet<FastifyRequest>();

/**
 * Makes this (encapsulated) scope the provider's webhook endpoint: its signature is checked by the
 * provider's adapter on the raw bytes before anything is parsed; only then is the body parsed and handed
 * to the route's schema (the provider's own wire shape).
 */
export function acceptProviderWebhook(app: FastifyInstance, provider: PaymentProvider): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: provider.webhook.bodyLimit },
    async (request: FastifyRequest, body: string | Buffer) => {
      const raw = body as string;
      await provider.webhook.verify({ method: request.method, path: request.url, body: raw, headers: request.headers });
      verified.add(request);
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw unprocessable('The body is not valid JSON');
      }
    },
  );
  // A call without a JSON body never reached the parser, so nothing checked its signature.
  app.addHook('preValidation', async (request) => {
    if (!verified.has(request)) throw new DomainError(ErrorCode.invalidSignature, 'A signed JSON body is required');
  });
}
