import type { AppContext } from '../../../context.ts';
import { providersOf } from './registry.ts';
import type { Direction, PaymentProvider } from './types.ts';

/**
 * Which provider serves a method for a player's country and currency: the first rule of the routing
 * table (PAYMENT_ROUTES) that names the method (or `*`), the currency and the country (or none), and
 * whose provider is configured and serves the method in that currency. Null: nobody does, so the method
 * is not offered (and a request for it is refused).
 */
export function providerFor(
  ctx: AppContext,
  method: string,
  direction: Direction,
  currency: string,
  country?: string,
): PaymentProvider | null {
  const providers = providersOf(ctx);
  const place = country?.toUpperCase();
  for (const route of ctx.config.payment.routes) {
    if (route.method !== '*' && route.method !== method) continue;
    if (route.currencies.length && !route.currencies.includes(currency)) continue;
    if (route.countries.length && !(place && route.countries.includes(place))) continue;
    const provider = providers.get(route.provider);
    if (provider?.serves(method, direction, currency)) return provider;
  }
  return null;
}
