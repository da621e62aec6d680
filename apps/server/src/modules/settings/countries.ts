import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { EXCLUDED_COUNTRY_CODES, type Country } from '@casino/contracts';
import { UNKNOWN_COUNTRY } from '../../lib/geo.ts';
import {
  COUNTRY_SEEDS,
  DEFAULT_RESTRICTED_COUNTRIES,
  EURO_COUNTRIES,
  ISO_COUNTRY_CODES,
  type CountrySeed,
} from './data/countries.ts';

const EXCLUDED: ReadonlySet<string> = new Set(EXCLUDED_COUNTRY_CODES);
const CRYPTO = ['BTC', 'ETH', 'USDT', 'LTC', 'XRP'];
const SEEDS = new Map(COUNTRY_SEEDS.map((s) => [s.code, s]));
const englishName = new Intl.DisplayNames(['en'], { type: 'region' });

/** The site locale people of a country most likely read (German, Portuguese, else English). */
function siteLocaleOf(language: string): string {
  if (language === 'de') return 'de';
  if (language === 'pt') return 'pt-br';
  return 'en';
}

/**
 * A country the operator did not describe by hand: names from the ICU data Node carries (the
 * native name in the country's likely language), its calling code from libphonenumber.
 */
function derivedSeed(code: string): CountrySeed {
  const language = new Intl.Locale(`und-${code}`).maximize().language;
  const euro = EURO_COUNTRIES.has(code);
  return {
    code,
    name: englishName.of(code) ?? code,
    nativeName: new Intl.DisplayNames([`${language}-${code}`, 'en'], { type: 'region' }).of(code) ?? code,
    phonePrefix: isSupportedCountry(code) ? `+${getCountryCallingCode(code)}` : '',
    currency: euro ? 'EUR' : 'USD',
    locale: siteLocaleOf(language),
    additionalCurrency: [euro ? 'USD' : 'EUR', ...CRYPTO],
  };
}

/** Every listed country without its restriction flags: ISO 3166-1 minus the excluded codes, sorted by name. */
const BASE: readonly CountrySeed[] = Object.freeze(
  ISO_COUNTRY_CODES.filter((code) => !EXCLUDED.has(code))
    .map((code) => SEEDS.get(code) ?? derivedSeed(code))
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
);
const byCode = new Map(BASE.map((c) => [c.code, c]));

export const COUNTRY_CODES: readonly string[] = BASE.map((c) => c.code);

let restricted: Readonly<Record<string, 1 | 2>> = DEFAULT_RESTRICTED_COUNTRIES;

/** The operator's restrictions (RESTRICTED_COUNTRIES), set once at start. */
export function configureCountryRestrictions(map: Readonly<Record<string, 1 | 2>>): void {
  restricted = map;
}

/** The country list of GET /api/settings/countries, with the restriction flags in effect. */
export function listCountries(): Country[] {
  return BASE.map((c): Country => {
    const restrictType = restricted[c.code];
    return {
      code: c.code,
      name: c.name,
      nativeName: c.nativeName,
      phonePrefix: c.phonePrefix,
      currency: c.currency,
      locale: c.locale,
      additionalCurrency: [...c.additionalCurrency],
      restrict: restrictType !== undefined,
      ...(restrictType !== undefined ? { restrictType } : {}),
    };
  });
}

export function countryByCode(code: string): CountrySeed | undefined {
  return byCode.get(code.toUpperCase());
}

export type Restriction = { restricted: boolean; restrictType: 1 | 2 | null };

/** Whether visitors from a country (ISO code from the geo header) are restricted, and how. */
export function restrictionOf(code: string): Restriction {
  const upper = code.toUpperCase();
  // A visitor we cannot place is treated as coming from a country where the site is closed.
  if (EXCLUDED.has(upper) || upper === UNKNOWN_COUNTRY) return { restricted: true, restrictType: 1 };
  const type = restricted[upper];
  return type ? { restricted: true, restrictType: type } : { restricted: false, restrictType: null };
}

/** Every country code `restrictionOf` calls restricted (the database's bet checks take this list). */
export function restrictedCountryCodes(): string[] {
  return [...EXCLUDED, UNKNOWN_COUNTRY, ...Object.keys(restricted)];
}
