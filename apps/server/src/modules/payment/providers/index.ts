/** Payments' providers behind one interface, and the routing table that picks one (docs/decisions.md). */
export type { Direction, PaymentEvent, PaymentProvider, PaymentRequest, PayoutRequest } from './types.ts';
export { providerById, providersOf } from './registry.ts';
export { providerFor } from './routing.ts';
