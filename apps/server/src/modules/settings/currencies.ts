import { CURRENCY_SEEDS, RATES_TIME, type Currency, type CurrencyType } from '@casino/contracts';

export { BASE_CURRENCY } from '@casino/contracts';

/** One account currency (sub-currencies such as mBTC are display units only, not listed here). */
export type CurrencyInfo = {
  code: string;
  name: string;
  symbol: string;
  type: CurrencyType;
  subunitToUnit: number;
  isBase: boolean;
  isEnabled: boolean;
  /** Value of one unit in the base currency. */
  rate: number;
  subCurrencies: readonly { code: string; name: string; symbol: string; subunitToUnit: number; rate: number }[];
};

export const SUPPORTED_CURRENCIES: readonly CurrencyInfo[] = Object.freeze(
  CURRENCY_SEEDS.map((c) =>
    Object.freeze({
      code: c.code,
      name: c.name,
      symbol: c.symbol,
      type: c.type,
      subunitToUnit: c.subunitToUnit,
      isBase: c.isBase ?? false,
      isEnabled: c.isEnabled ?? true,
      rate: c.rate,
      subCurrencies: Object.freeze((c.subCurrencies ?? []).map((s) => Object.freeze({ ...s }))),
    }),
  ),
);

const byCode = new Map(SUPPORTED_CURRENCIES.map((c) => [c.code, c]));

/** Exact (case-sensitive, ISO upper-case) lookup of an account currency. */
export function currencyByCode(code: string): CurrencyInfo | undefined {
  return byCode.get(code);
}

/** Codes a player may register / open an account with. */
export function enabledCurrencyCodes(): string[] {
  return SUPPORTED_CURRENCIES.filter((c) => c.isEnabled).map((c) => c.code);
}

/** Wire shape (contracts `Currency`). */
export function toWireCurrency(c: CurrencyInfo): Currency {
  return {
    code: c.code,
    name: c.name,
    symbol: c.symbol,
    type: c.type,
    isBase: c.isBase,
    isEnabled: c.isEnabled,
    subunitToUnit: c.subunitToUnit,
    rate: { rate: c.rate, rateTime: RATES_TIME },
    subCurrencies: c.subCurrencies.map((s) => ({
      code: s.code,
      name: s.name,
      symbol: s.symbol,
      type: c.type,
      isBase: false,
      isEnabled: c.isEnabled,
      subunitToUnit: s.subunitToUnit,
      rate: { rate: s.rate, rateTime: RATES_TIME },
    })),
  };
}

/**
 * Minor units per major unit of a currency: the one source of money scale on the server. An unknown
 * code is a data error (an account or a round in a currency that left the list), never a default.
 */
export function subunitOf(code: string): number {
  const currency = byCode.get(code);
  if (!currency) throw new Error(`currency ${code} is not in the currency list`);
  return currency.subunitToUnit;
}
