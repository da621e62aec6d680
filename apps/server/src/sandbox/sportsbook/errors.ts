import type { WalletRefusal } from '@casino/contracts';
import { answerAsProvider, ProviderError } from '../games/errors.ts';

/** The sportsbook client API's refusals (packages/games/src/sportsbook/api.ts): string codes, the HTTP status. */
export { answerAsProvider, ProviderError };

export const noSession = () => new ProviderError(401, 'no_session', 'No sportsbook session: open the sportsbook again');
export const guest = () => new ProviderError(401, 'guest', 'Log in to place bets');
export const invalid = (message: string, fields?: Record<string, string[]>) =>
  new ProviderError(422, 'invalid', message, fields ? { fields } : {});
export const eventNotFound = () => new ProviderError(404, 'event_not_found', 'Unknown event');
export const ticketNotFound = () => new ProviderError(404, 'ticket_not_found', 'Unknown ticket');
export const eventClosed = (eventId: string) =>
  new ProviderError(409, 'event_closed', `Event ${eventId} takes no more bets`, { eventId });
export const notOpen = () => new ProviderError(409, 'not_open', 'This ticket is no longer open');
export const priceChanged = (cashOut: number | null) =>
  new ProviderError(409, 'price_changed', 'The cash-out price has changed', { cashOut });
export const walletUnavailable = () =>
  new ProviderError(
    503,
    'wallet_unavailable',
    'The casino could not be reached; the bet was not taken. Please try again.',
  );
export const badSignature = (message: string) => new ProviderError(401, 'bad_signature', message);
/** The casino's wallet said no: its code and message, with the status it answered. */
export const walletRefused = (status: number, error: WalletRefusal) =>
  new ProviderError(status, 'wallet', error.message, {
    walletCode: error.code,
    ...(error.balance !== undefined ? { balance: error.balance, currency: error.currency } : {}),
    // Above a maximum: what may still be staked (the slip offers it); restricted: what is.
    ...(error.maxBet !== undefined ? { maxBet: error.maxBet, currency: error.currency, limit: error.limit } : {}),
    ...(error.reason === 'sport' || error.reason === 'event' ? { reason: error.reason, ref: error.ref } : {}),
  });
