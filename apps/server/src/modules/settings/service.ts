import { buildConstants, LOCALES, type Constants, type Currency, type Locale } from '@casino/contracts';
export { listCountries } from './countries.ts';
import { SUPPORTED_CURRENCIES, toWireCurrency } from './currencies.ts';

/** Static settings: no database, the same answer for every visitor. */
export function listCurrencies(options: { visibleOnly?: boolean } = {}): Currency[] {
  return SUPPORTED_CURRENCIES.filter((c) => !options.visibleOnly || c.isEnabled).map(toWireCurrency);
}

export function listLocales(): Locale[] {
  return LOCALES.map((l) => ({ ...l }));
}

export function getConstants(): Constants {
  return buildConstants();
}
