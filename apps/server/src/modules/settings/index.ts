/** Reference data: currencies, countries, locales and constants. */
export { settingsRoutes } from './routes.ts';
export {
  BASE_CURRENCY,
  currencyByCode,
  enabledCurrencyCodes,
  subunitOf,
  SUPPORTED_CURRENCIES,
  type CurrencyInfo,
} from './currencies.ts';
export {
  COUNTRY_CODES,
  countryByCode,
  RESTRICTED_COUNTRY_CODES,
  restrictionOf,
  type Restriction,
} from './countries.ts';
export { syncCurrencyScales } from './scales.ts';
