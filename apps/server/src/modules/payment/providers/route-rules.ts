/** The providers payments are routed to (`providersOf` in registry.ts). */
export const PAYMENT_PROVIDER_IDS = ['sandbox', 'orbit'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

/** One rule of the routing table: a method (or `*`), for some currencies and countries (none: any), to a provider. */
export type PaymentRoute = {
  method: string;
  currencies: readonly string[];
  countries: readonly string[];
  provider: PaymentProviderId;
};

/** `PAYMENT_ROUTES` read, or what is wrong with it. */
export function parseRoutes(text: string): PaymentRoute[] | string {
  const routes: PaymentRoute[] = [];
  for (const rule of text
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean)) {
    const match =
      /^([a-z0-9_]+|\*)(?:\/([A-Z0-9]{2,10}(?:,[A-Z0-9]{2,10})*))?(?:@([A-Z]{2}(?:,[A-Z]{2})*))?=([a-z0-9_-]+)$/.exec(
        rule,
      );
    if (!match) return `the rule "${rule.slice(0, 80)}" is not <method>[/<CUR>,…][@<CC>,…]=<provider>`;
    const provider = match[4] as PaymentProviderId;
    if (!PAYMENT_PROVIDER_IDS.includes(provider))
      return `the rule "${rule}" names ${provider}, not one of ${PAYMENT_PROVIDER_IDS.join(', ')}`;
    routes.push({
      method: match[1]!,
      currencies: match[2]?.split(',') ?? [],
      countries: match[3]?.split(',') ?? [],
      provider,
    });
  }
  return routes.length ? routes : 'no rule given';
}
