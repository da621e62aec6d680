import { EXCLUDED_COUNTRY_CODES, type Country } from '@casino/contracts';
import { UNKNOWN_COUNTRY } from '../../lib/geo.ts';
import { COUNTRY_SEEDS, RESTRICTED_COUNTRIES } from './data/countries.ts';

const EXCLUDED: ReadonlySet<string> = new Set(EXCLUDED_COUNTRY_CODES);

/** The country list of GET /api/settings/countries: sorted by name, excluded codes removed. */
export const COUNTRIES: readonly Country[] = Object.freeze(
  COUNTRY_SEEDS.filter((c) => !EXCLUDED.has(c.code))
    .map((c): Country => {
      const restrictType = RESTRICTED_COUNTRIES[c.code];
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
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
);

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);

export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}

export type Restriction = { restricted: boolean; restrictType: 1 | 2 | null };

/** Whether visitors from a country (ISO code from the geo header) are restricted, and how. */
export function restrictionOf(code: string): Restriction {
  const upper = code.toUpperCase();
  // A visitor we cannot place is treated as coming from a country where the site is closed.
  if (EXCLUDED.has(upper) || upper === UNKNOWN_COUNTRY) return { restricted: true, restrictType: 1 };
  const type = RESTRICTED_COUNTRIES[upper];
  return type ? { restricted: true, restrictType: type } : { restricted: false, restrictType: null };
}

/** Every country code `restrictionOf` calls restricted (the database's bet checks take this list). */
export const RESTRICTED_COUNTRY_CODES: readonly string[] = [
  ...EXCLUDED,
  UNKNOWN_COUNTRY,
  ...Object.keys(RESTRICTED_COUNTRIES),
];
