import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { casinoApi } from './api.ts';
import { runConfirmations } from './crypto-transfers.ts';
import { hostedPages } from './hosted-pages.ts';
import type { SandboxPay } from './provider.ts';
import { statementApi } from './statement.ts';

export { SANDBOX_COLLECTION_IBAN } from './answers.ts';

/**
 * The sandbox payment provider, mounted at `/sandbox/pay`: a separate party in this process. The casino
 * reaches it only over signed HTTP (`POST /api/payments`), it reports outcomes only through signed
 * webhooks, and the player's card data reaches only its hosted page (docs/payment-provider-api.md).
 */
export const sandboxPaymentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const sp: SandboxPay = { ctx, log: app.log.child({ module: 'sandbox-pay' }) };
    // Its hosted pages run in a sandboxed frame (an opaque origin), as the game provider's do: no
    // origin-keying request, which such a frame cannot honour (Chrome warns, and swaps the frame's process).
    app.addHook('onRequest', async (_request, reply) => {
      reply.removeHeader('origin-agent-cluster');
    });
    // The casino's API: signed JSON only.
    await app.register(casinoApi(sp));
    // Its daily statement: signed GETs, in a scope of its own (the API above takes signed JSON bodies only).
    await app.register(statementApi(sp));
    runConfirmations(app, sp);
    // The hosted card page: the player's browser only. Card data goes no further than this scope.
    await app.register(hostedPages(sp));
  };
