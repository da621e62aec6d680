export { i18n, setLocale } from './i18n.ts';
export { parseLocalePath, localeOfPath, localizePath, switchLocalePath } from './locale-path.ts';
export { useLocale, useLocalizedPath } from './use-locale.ts';
export { LocaleLink, LocaleNavLink } from './locale-link.tsx';
export { localName } from './local-name.ts';
