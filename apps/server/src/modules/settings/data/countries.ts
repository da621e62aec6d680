/**
 * Countries offered by the site. `currency` is the account currency suggested at registration
 * (always one of the supported currencies, so where the local currency is not offered it is EUR
 * or USD); `locale` is one of the site locales. Sorted by name when served.
 */
export type CountrySeed = {
  code: string;
  name: string;
  nativeName: string;
  phonePrefix: string;
  currency: string;
  locale: string;
  additionalCurrency: readonly string[];
};

const CRYPTO = ['BTC', 'ETH', 'USDT', 'LTC', 'XRP'] as const;
const eur = (code: string, name: string, nativeName: string, phonePrefix: string, locale = 'en'): CountrySeed => ({
  code,
  name,
  nativeName,
  phonePrefix,
  currency: 'EUR',
  locale,
  additionalCurrency: ['USD', ...CRYPTO],
});
const usd = (code: string, name: string, nativeName: string, phonePrefix: string, locale = 'en'): CountrySeed => ({
  code,
  name,
  nativeName,
  phonePrefix,
  currency: 'USD',
  locale,
  additionalCurrency: ['EUR', ...CRYPTO],
});

export const COUNTRY_SEEDS: readonly CountrySeed[] = [
  usd('AR', 'Argentina', 'Argentina', '+54'),
  usd('AU', 'Australia', 'Australia', '+61'),
  eur('AT', 'Austria', 'Österreich', '+43', 'de'),
  eur('BE', 'Belgium', 'België', '+32'),
  {
    code: 'BR',
    name: 'Brazil',
    nativeName: 'Brasil',
    phonePrefix: '+55',
    currency: 'BRL',
    locale: 'pt-br',
    additionalCurrency: ['USD', ...CRYPTO],
  },
  eur('BG', 'Bulgaria', 'България', '+359'),
  {
    code: 'CA',
    name: 'Canada',
    nativeName: 'Canada',
    phonePrefix: '+1',
    currency: 'CAD',
    locale: 'en',
    additionalCurrency: ['USD', ...CRYPTO],
  },
  usd('CL', 'Chile', 'Chile', '+56'),
  usd('CO', 'Colombia', 'Colombia', '+57'),
  eur('HR', 'Croatia', 'Hrvatska', '+385'),
  eur('CY', 'Cyprus', 'Κύπρος', '+357'),
  eur('CZ', 'Czechia', 'Česko', '+420'),
  eur('DK', 'Denmark', 'Danmark', '+45'),
  eur('EE', 'Estonia', 'Eesti', '+372'),
  eur('FI', 'Finland', 'Suomi', '+358'),
  eur('DE', 'Germany', 'Deutschland', '+49', 'de'),
  eur('GR', 'Greece', 'Ελλάδα', '+30'),
  eur('HU', 'Hungary', 'Magyarország', '+36'),
  eur('IS', 'Iceland', 'Ísland', '+354'),
  usd('IN', 'India', 'भारत', '+91'),
  eur('IE', 'Ireland', 'Éire', '+353'),
  eur('IT', 'Italy', 'Italia', '+39'),
  usd('JP', 'Japan', '日本', '+81'),
  usd('KZ', 'Kazakhstan', 'Қазақстан', '+7'),
  eur('LV', 'Latvia', 'Latvija', '+371'),
  eur('LI', 'Liechtenstein', 'Liechtenstein', '+423', 'de'),
  eur('LT', 'Lithuania', 'Lietuva', '+370'),
  eur('LU', 'Luxembourg', 'Lëtzebuerg', '+352', 'de'),
  eur('MT', 'Malta', 'Malta', '+356'),
  usd('MX', 'Mexico', 'México', '+52'),
  usd('NZ', 'New Zealand', 'New Zealand', '+64'),
  eur('NO', 'Norway', 'Norge', '+47'),
  usd('PE', 'Peru', 'Perú', '+51'),
  eur('PL', 'Poland', 'Polska', '+48'),
  eur('PT', 'Portugal', 'Portugal', '+351', 'pt-br'),
  eur('RO', 'Romania', 'România', '+40'),
  eur('SK', 'Slovakia', 'Slovensko', '+421'),
  eur('SI', 'Slovenia', 'Slovenija', '+386'),
  usd('ZA', 'South Africa', 'South Africa', '+27'),
  eur('ES', 'Spain', 'España', '+34'),
  eur('SE', 'Sweden', 'Sverige', '+46'),
  eur('CH', 'Switzerland', 'Schweiz', '+41', 'de'),
  usd('TR', 'Türkiye', 'Türkiye', '+90'),
  usd('UY', 'Uruguay', 'Uruguay', '+598'),
];

/** Every officially assigned ISO 3166-1 alpha-2 code (249). */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ ' +
  'FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ ' +
  'IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH ' +
  'MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL ' +
  'PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Where the euro is the money people hold; elsewhere registration suggests USD. */
export const EURO_COUNTRIES: ReadonlySet<string> = new Set(
  'AD AT AX BE BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM VA YT'.split(' '),
);

/**
 * Operator restrictions by default (RESTRICTED_COUNTRIES overrides them): 1 = the whole site shows
 * the geo-restricted layout, 2 = browsing allowed, sign-in and sign-up blocked. The countries of
 * EXCLUDED_COUNTRY_CODES are never listed and are treated as restrictType 1.
 */
export const DEFAULT_RESTRICTED_COUNTRIES: Readonly<Record<string, 1 | 2>> = { ES: 1, AU: 2 };
