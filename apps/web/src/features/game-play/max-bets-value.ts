/**
 * What a `max-bets` modal is about: absent, a bonus's maximum bet in a game (closing it restarts the
 * game); `sportsbook`, a bonus's maximum bet in the sportsbook; `bet` or `event`, the sportsbook's
 * maximum stake per bet or per event (neither restarts anything).
 */
export type MaxBetsScope = 'sportsbook' | 'bet' | 'event';

/**
 * The `max-bets` modal's URL value: `EUR:5` (currency and the maximum in major units), so a reload
 * still shows the amount, with the scope after a second colon when there is one (`EUR:50:event`).
 */
export const maxBetsValue = (currency: string, maxBetAmount: number, scope?: MaxBetsScope) =>
  `${currency}:${maxBetAmount}${scope ? `:${scope}` : ''}`;

export function parseMaxBetsValue(value: string): { currency: string; amount: number; scope?: MaxBetsScope } | null {
  const match = /^([A-Za-z][A-Za-z0-9]{1,9}):(\d{1,15}(?:\.\d{1,18})?)(?::(sportsbook|bet|event))?$/.exec(value);
  if (!match) return null;
  const amount = Number(match[2]);
  if (!Number.isFinite(amount)) return null;
  const scope = match[3] as MaxBetsScope | undefined;
  return { currency: match[1]!.toUpperCase(), amount, ...(scope ? { scope } : {}) };
}
