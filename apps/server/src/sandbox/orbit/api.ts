import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { orbitCheckoutBodySchema, orbitPayoutBodySchema, toMinor } from '@casino/contracts';
import { apiPayload, StampError, verifyStamp } from '../../lib/stamped-hmac.ts';
import { findObject, newId, objectOf, scaleOf, settle, type OrbitRow, type SandboxOrbit } from './party.ts';
import { sandboxOrbitObjects } from './tables.ts';

/** Orbit holds these currencies (the casino's adapter knows it too). */
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD'];

/** Orbit's error envelope: `{ "error": { "type", "message" } }`. */
class OrbitError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const signed = new WeakSet<FastifyRequest>();

/** Amounts in decimal strings, kept in minor units; a currency Orbit does not hold is refused. */
const minorOf = (amount: string, currency: string) => {
  if (!CURRENCIES.includes(currency)) throw new OrbitError(400, 'currency_not_supported', `No ${currency} wallets`);
  const minor = toMinor(amount, scaleOf(currency));
  if (minor === null || minor <= 0n) throw new OrbitError(400, 'invalid_amount', `Not an amount of ${currency}`);
  return minor;
};
const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new OrbitError(400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Invalid');
  return parsed.data;
};
/** Keyed on the merchant's reference: asking twice gives the same object (a different amount is a conflict). */
const once = async ({ ctx }: SandboxOrbit, values: typeof sandboxOrbitObjects.$inferInsert) => {
  await ctx.db.insert(sandboxOrbitObjects).values(values).onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(sandboxOrbitObjects)
    .where(and(eq(sandboxOrbitObjects.object, values.object), eq(sandboxOrbitObjects.merchantRef, values.merchantRef)));
  if (row!.amountMinor !== values.amountMinor || row!.currency !== values.currency)
    throw new OrbitError(409, 'idempotency_conflict', 'This merchant_ref was used for another amount');
  return row!;
};

/** Orbit pays out a moment later; an account at reject.test is closed (for tests). */
function payOutLater(orbit: SandboxOrbit, row: OrbitRow): void {
  const closed = row.recipientEmail?.endsWith('@reject.test') ?? false;
  setTimeout(() => void settle(orbit, row, closed ? 'rejected' : 'paid', closed ? 'account_closed' : undefined), 300);
}

/** The merchant's calls: creating a checkout or a payout (once per merchant_ref), and reading either. */
function merchantRoutes(api: FastifyInstance, orbit: SandboxOrbit): void {
  api.post('/v1/checkouts', { schema: { hide: true } }, async (request) => {
    const body = parse(orbitCheckoutBodySchema, request.body);
    const row = await once(orbit, {
      id: newId('chk'),
      object: 'checkout',
      merchantRef: body.merchant_ref,
      currency: body.currency,
      amountMinor: minorOf(body.amount, body.currency),
      state: 'open',
      returnUrl: body.return_url,
      cancelUrl: body.cancel_url,
    });
    return objectOf(row);
  });

  api.post('/v1/payouts', { schema: { hide: true } }, async (request) => {
    const body = parse(orbitPayoutBodySchema, request.body);
    const row = await once(orbit, {
      id: newId('po'),
      object: 'payout',
      merchantRef: body.merchant_ref,
      currency: body.currency,
      amountMinor: minorOf(body.amount, body.currency),
      state: 'processing',
      recipientEmail: body.recipient.email,
    });
    if (row.state === 'processing') payOutLater(orbit, row);
    return objectOf(row);
  });

  for (const [path, object] of [
    ['/v1/checkouts/:id', 'checkout'],
    ['/v1/payouts/:id', 'payout'],
  ] as const) {
    api.get(path, { schema: { hide: true } }, async (request) => {
      const row = await findObject(orbit, (request.params as { id: string }).id);
      if (!row || row.object !== object) throw new OrbitError(404, 'not_found', `No such ${object}`);
      return objectOf(row);
    });
  }
}

/** Orbit's API for merchants: every call signed (`Orbit-Signature` over method, path and body). */
export function orbitApi(orbit: SandboxOrbit) {
  const { ctx } = orbit;
  const secrets = () => [ctx.orbitSecret, ...(ctx.previousSecrets.orbit ? [ctx.previousSecrets.orbit] : [])];
  const check = (request: FastifyRequest, body: string) => {
    const value = request.headers['orbit-signature'];
    try {
      verifyStamp(secrets(), Array.isArray(value) ? value[0] : value, apiPayload(request.method, request.url, body));
    } catch (error) {
      throw error instanceof StampError ? new OrbitError(401, 'invalid_signature', error.message) : error;
    }
    signed.add(request);
  };

  return async (api: FastifyInstance) => {
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      async (request: FastifyRequest, body: string | Buffer) => {
        check(request, body as string);
        try {
          return JSON.parse(body as string) as unknown;
        } catch {
          throw new OrbitError(400, 'invalid_request', 'The body is not JSON');
        }
      },
    );
    api.addHook('preValidation', async (request) => {
      if (request.method === 'GET') check(request, '');
      if (!signed.has(request)) throw new OrbitError(401, 'invalid_signature', 'A signed JSON body is required');
    });
    // Orbit's own refusals in its envelope; anything else goes on to the app's handler (its envelope, its codes).
    api.setErrorHandler((error: Error, _request, reply: FastifyReply) => {
      if (!(error instanceof OrbitError)) throw error;
      return reply.status(error.status).send({ error: { type: error.type, message: error.message } });
    });

    merchantRoutes(api, orbit);
  };
}
