import { DEFAULT_LOCALE, LOCALE_CODES } from './locales.ts';

/**
 * The site's page paths, as the web app's route table has them (a web test keeps the two in step):
 * the server answers any other path with the app's 404 page and HTTP 404, not a soft 200.
 */
const LOCALISED = [
  'doom',
  'bonuses',
  'promotions',
  'loyalty',
  'profile(/(info|limits|wallet|bonuses|history|security|documents|verification|notifications))?',
  'providers',
  'questions(/[^/]+)?',
  'categories(/[^/]+)?',
  'games/[^/]+',
  'auth/(callback|autologin)',
  'favorites',
  'bonus/[^/]+',
  'static/[^/]+',
  'recently-played',
  'betting',
  'tournaments(/[^/]+)?',
  'welcome-package',
  'contact',
];
/** Reached from e-mails (and the development mailbox that shows them), without a locale prefix. */
const ROOT_ONLY = ['verify/[^/]+', 'password/reset/[^/]+', 'dev/mailbox'];

const locales = LOCALE_CODES.map((code) => code.replace('-', '\\-')).join('|');
// The home page is the locale prefix alone (`/`, `/de`, `/de/`).
const PAGE = new RegExp(`^(?:/(?:${locales}))?(?:/(?:${LOCALISED.join('|')}))?/?$`);
const ROOT = new RegExp(`^/(?:${ROOT_ONLY.join('|')})/?$`);

export function isPagePath(pathname: string): boolean {
  return PAGE.test(pathname) || ROOT.test(pathname);
}

/** Pages a remembered language applies to: every localised page but the sign-in callbacks. */
const UNPREFIXED = new RegExp(`^(?:/(?:${LOCALISED.filter((p) => !p.startsWith('auth/')).join('|')}))?/?$`);

/**
 * The path of an unprefixed page in another locale (`/categories/slots`, `de` → `/de/categories/slots`),
 * or null when there is nothing to change: the default locale, an unknown one, a path that already
 * names its locale or is not a localised page.
 */
export function pagePathInLocale(pathname: string, locale: string): string | null {
  if (locale === DEFAULT_LOCALE || !LOCALE_CODES.includes(locale) || !UNPREFIXED.test(pathname)) return null;
  return pathname === '/' ? `/${locale}` : `/${locale}${pathname}`;
}

/** `path` if it is a path of this site (`/…`, not `//host` or a backslash trick), else `/`: links never lead away. */
export function safeSitePath(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  return path;
}
