/** The `max-bets` modal's URL value: `EUR:5` (currency and the maximum in major units), so a reload still shows the amount. */
export const maxBetsValue = (currency: string, maxBetAmount: number) => `${currency}:${maxBetAmount}`;

export function parseMaxBetsValue(value: string): { currency: string; amount: number } | null {
  const match = /^([A-Za-z][A-Za-z0-9]{1,9}):(\d{1,15}(?:\.\d{1,18})?)$/.exec(value);
  if (!match) return null;
  const amount = Number(match[2]);
  return Number.isFinite(amount) ? { currency: match[1]!.toUpperCase(), amount } : null;
}
