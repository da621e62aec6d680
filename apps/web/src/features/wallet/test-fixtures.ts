/** Test data for the wallet: an account and a currency as the API sends them, with only what a test cares about to fill in. */
import type { Account, Currency } from '@casino/contracts';

export const testAccount = (id: string, currency: string, balance: number, status = 2): Account => ({
  id,
  currency,
  status,
  balance,
  realBalance: balance,
  bonusBalance: 0,
  lockedBalance: 0,
  withdrawalBalance: balance,
});

export const testCurrency = (
  code: string,
  type: Currency['type'],
  subunitToUnit: number,
  extra: Partial<Currency> = {},
): Currency => ({
  code,
  name: code,
  symbol: code,
  type,
  isBase: false,
  isEnabled: true,
  subunitToUnit,
  rate: { rate: 1, rateTime: '2025-01-01T00:00:00Z' },
  ...extra,
});
