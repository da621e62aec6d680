export const LOCALES = [
  { code: 'en', name: 'English', nativeName: 'English', languageCode: 'en', isDefault: true },
  { code: 'de', name: 'German', nativeName: 'Deutsch', languageCode: 'de', isDefault: false },
  {
    code: 'pt-br',
    name: 'Portuguese (Brazil)',
    nativeName: 'Português (Brasil)',
    languageCode: 'pt',
    isDefault: false,
  },
] as const;
export type LocaleCode = (typeof LOCALES)[number]['code'];
export const DEFAULT_LOCALE: LocaleCode = 'en';
export const LOCALE_CODES: readonly string[] = LOCALES.map((l) => l.code);
/** Shape of a locale path prefix: two letters, or two letters-two letters, lowercase. */
export const LOCALE_PATTERN = /^[a-z]{2}(-[a-z]{2})?$/;
export const isSupportedLocale = (code: string): code is LocaleCode => LOCALE_CODES.includes(code);
