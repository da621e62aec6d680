import type { AppContext } from '../../../context.ts';
import { orbitProvider } from './orbit.ts';
import type { PaymentProviderId } from './route-rules.ts';
import { sandboxPayProvider } from './sandbox-pay.ts';
import type { PaymentProvider } from './types.ts';

const registries = new WeakMap<AppContext, Map<PaymentProviderId, PaymentProvider>>();

/** The payment providers this node is configured with, by id (several live at once). */
export function providersOf(ctx: AppContext): Map<PaymentProviderId, PaymentProvider> {
  let providers = registries.get(ctx);
  if (!providers) {
    providers = new Map<PaymentProviderId, PaymentProvider>([['sandbox', sandboxPayProvider(ctx)]]);
    if (ctx.config.payment.orbit) providers.set('orbit', orbitProvider(ctx) as PaymentProvider);
    registries.set(ctx, providers);
  }
  return providers;
}

/** The provider an invoice went to: its webhooks, status and payout go back there. */
export function providerById(ctx: AppContext, id: string): PaymentProvider {
  const provider = providersOf(ctx).get(id as PaymentProviderId);
  if (!provider) throw new Error(`payment provider ${id} is not configured on this node`);
  return provider;
}
