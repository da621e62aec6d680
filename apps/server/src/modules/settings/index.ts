/** Reference data: currencies, countries, locales and constants. */
export { settingsModule } from './manifest.ts';
export {
  BASE_CURRENCY,
  currencyByCode,
  enabledCurrencyCodes,
  subunitOf,
  SUPPORTED_CURRENCIES,
  type CurrencyInfo,
} from './currencies.ts';
export {
  configureCountryRestrictions,
  COUNTRY_CODES,
  countryByCode,
  restrictedCountryCodes,
  restrictionOf,
  type Restriction,
} from './countries.ts';
export { fromBaseMinor, toBaseMinor } from './conversion.ts';
export { syncCurrencyScales } from './scales.ts';
export { keptSecret } from './secrets.ts';
