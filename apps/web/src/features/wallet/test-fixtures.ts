/** Test data for the wallet: an account and a currency as the API sends them, with only what a test cares about to fill in. */
import { buildConstants, type Account, type ConstantsWire, type Currency, type Invoice } from '@casino/contracts';

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

/** `GET /api/settings/constants` as the server builds it, with the operator's "no bonus" default. */
export const testConstants = (depositBonusDeclineDefault = false): ConstantsWire => {
  const constants = buildConstants();
  return { ...constants, game: { ...constants.game, bonus: { ...constants.game.bonus, depositBonusDeclineDefault } } };
};

/** An invoice as `GET /api/payment/invoices/:id` sends it: a card deposit of €50 waiting, unless told otherwise. */
export const testInvoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'i1',
  number: 1,
  playerId: 'p1',
  amount: 50,
  currency: 'EUR',
  transactionAmount: 50,
  transactionCurrency: 'EUR',
  status: 1,
  statusResult: '',
  invoiceType: 1,
  paymentMethod: 'card',
  cancellable: false,
  createdAt: new Date().toISOString(),
  updatedAt: null,
  publicData: null,
  ...over,
});
