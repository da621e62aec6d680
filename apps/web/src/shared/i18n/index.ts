export { i18n, setLocale, loadLocale, addTranslations, USER_LANGUAGE_COOKIE } from './i18n.ts';
export { parseLocalePath, localeOfPath, localizePath, switchLocalePath, type PathLocale } from './locale-path.ts';
export { useLocale, useLocalizedPath } from './use-locale.ts';
export { LocaleLink, LocaleNavLink } from './locale-link.tsx';
