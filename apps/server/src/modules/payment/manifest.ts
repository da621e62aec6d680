import type { ModuleManifest } from '../../lib/module.ts';
import { cryptoSendCommand, depositsCommand, withdrawalCreateCommand, withdrawalsCommand } from './commands.ts';
import { paymentDashboard } from './dashboard.ts';
import { expireDeposits } from './deposits.ts';
import { registerInvoiceEvents } from './events.ts';
import { paymentRoutes, paymentWebhookRoutes, riskRoutes } from './routes.ts';
import { paymentSettings } from './settings.ts';

/**
 * Payments: the player's invoices and their pushes, the provider's webhooks, the turnover gate, and the job that expires
 * unpaid deposits (not a read: a GET writes nothing), a quarter of the card pages' time apart, between
 * 250 ms (tests) and 15 s.
 */
export const paymentModule: ModuleManifest = {
  name: 'payment',
  commands: [withdrawalsCommand, withdrawalCreateCommand, depositsCommand, cryptoSendCommand],
  settings: paymentSettings,
  dashboard: paymentDashboard,
  setup: (ctx) => ({
    routes: [
      { prefix: '/api/payment', plugin: paymentRoutes(ctx) },
      { prefix: '/api/payment/webhooks', plugin: paymentWebhookRoutes(ctx) },
      { prefix: '/api/risk', plugin: riskRoutes(ctx) },
    ],
    events: [registerInvoiceEvents],
    jobs: [
      {
        name: 'deposit-expiry',
        everyMs: Math.min(15_000, Math.max(250, ctx.config.payment.depositExpiryMs / 4)),
        run: () => expireDeposits(ctx),
      },
    ],
  }),
};
