/**
 * Reference data of the wire contract (served by GET /api/settings/currencies, read by every party that
 * moves money: the casino, the sandbox providers).
 * Static currency catalogue. EUR is the base currency; `rate` is "1 unit of this currency in EUR".
 * subunitToUnit is a power of ten up to 1e8 (money.ts rejects anything larger), so ETH is
 * stored with 8 decimals rather than its native 18 (wei), USDT with 6 (its on-chain scale).
 */
export type CurrencyType = 'fiat' | 'crypto';

export type CurrencySeed = {
  code: string;
  name: string;
  symbol: string;
  type: CurrencyType;
  subunitToUnit: number;
  /** Value of one unit in the base currency (EUR). */
  rate: number;
  isBase?: boolean;
  /** Shown in the currency list (and allowed at registration). */
  isEnabled?: boolean;
  subCurrencies?: readonly Omit<CurrencySeed, 'type' | 'subCurrencies' | 'isBase'>[];
};

export const BASE_CURRENCY = 'EUR';

/** Fixed rate timestamp: the rates below are a static snapshot, not a live feed. */
export const RATES_TIME = '2025-01-01T00:00:00.000Z';

export const CURRENCY_SEEDS: readonly CurrencySeed[] = [
  { code: 'EUR', name: 'Euro', symbol: '€', type: 'fiat', subunitToUnit: 100, rate: 1, isBase: true },
  { code: 'USD', name: 'US Dollar', symbol: '$', type: 'fiat', subunitToUnit: 100, rate: 0.92 },
  { code: 'GBP', name: 'British Pound', symbol: '£', type: 'fiat', subunitToUnit: 100, rate: 1.17 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', type: 'fiat', subunitToUnit: 100, rate: 0.68 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', type: 'fiat', subunitToUnit: 100, rate: 0.17 },
  {
    code: 'BTC',
    name: 'Bitcoin',
    symbol: '₿',
    type: 'crypto',
    subunitToUnit: 100_000_000,
    rate: 58_000,
    subCurrencies: [{ code: 'mBTC', name: 'Millibitcoin', symbol: 'm₿', subunitToUnit: 1000, rate: 58 }],
  },
  {
    code: 'ETH',
    name: 'Ethereum',
    symbol: 'Ξ',
    type: 'crypto',
    subunitToUnit: 100_000_000,
    rate: 3_100,
    subCurrencies: [{ code: 'mETH', name: 'Milliether', symbol: 'mΞ', subunitToUnit: 1000, rate: 3.1 }],
  },
  { code: 'USDT', name: 'Tether', symbol: '₮', type: 'crypto', subunitToUnit: 1_000_000, rate: 0.92 },
  { code: 'LTC', name: 'Litecoin', symbol: 'Ł', type: 'crypto', subunitToUnit: 100_000_000, rate: 85 },
  { code: 'XRP', name: 'XRP', symbol: 'XRP', type: 'crypto', subunitToUnit: 1_000_000, rate: 0.5 },
];
