import { DEFAULT_LOCALE, LOCALE_PATTERN, isSupportedLocale, type LocaleCode } from '@casino/contracts';

export type PathLocale =
  /** No prefix, or a supported one. `rest` is the path without the prefix, always starting with '/'. */
  | { kind: 'ok'; locale: LocaleCode; prefixed: boolean; rest: string }
  /** A prefix with the locale shape that we do not serve (`/zz/…`): a 404. */
  | { kind: 'unsupported'; prefix: string; rest: string };

/** Reads the locale from a pathname: `/de/profile` → de, `/profile` → the default locale. */
export function parseLocalePath(pathname: string): PathLocale {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (!first || !LOCALE_PATTERN.test(first))
    return { kind: 'ok', locale: DEFAULT_LOCALE, prefixed: false, rest: pathname || '/' };
  const rest = match[2] ?? '/';
  if (!isSupportedLocale(first)) return { kind: 'unsupported', prefix: first, rest };
  return { kind: 'ok', locale: first, prefixed: true, rest };
}

/** The locale the pathname is in; an unsupported prefix falls back to the default for the 404 page's texts. */
export function localeOfPath(pathname: string): LocaleCode {
  const parsed = parseLocalePath(pathname);
  return parsed.kind === 'ok' ? parsed.locale : DEFAULT_LOCALE;
}

/**
 * Prefixes an unprefixed app path (may carry ?query and #hash) with the locale; the default locale has no prefix.
 * `localizePath('/profile?x', 'de')` → `/de/profile?x`, `localizePath('/', 'de')` → `/de`.
 */
export function localizePath(path: string, locale: LocaleCode): string {
  if (locale === DEFAULT_LOCALE) return path;
  const tail = path.startsWith('/') ? path : `/${path}`;
  if (tail === '/' || tail.startsWith('/?') || tail.startsWith('/#')) return `/${locale}${tail.slice(1)}`;
  return `/${locale}${tail}`;
}

/** The same page in another locale: keeps the path, query and hash. */
export function switchLocalePath(pathname: string, search: string, hash: string, to: LocaleCode): string {
  const parsed = parseLocalePath(pathname);
  return localizePath(parsed.rest + search + hash, to);
}
