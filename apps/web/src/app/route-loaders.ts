import { data, redirect, type LoaderFunctionArgs } from '@/shared/router';
import { DEFAULT_LOCALE, LOCALE_PATTERN, isSupportedLocale } from '@casino/contracts';
import { localizePath, parseLocalePath, setLocale } from '@/shared/i18n';
import { ensurePlayerInit, type Feature } from '@/shared/lib/player-init.ts';
import type { NotFoundKind } from './layouts/not-found-layout.tsx';

export const notFound = (kind: NotFoundKind) => data({ kind }, { status: 404 });

/** Root: the site cannot decide its layout (geo restriction) or its pages (feature flags) without init. */
export const rootLoader = () => ensurePlayerInit();

/**
 * The optional `:locale` segment. Not locale-shaped → the path matched nothing ('Page not found');
 * locale-shaped but not served (`/zz/…`) → 404 ('Page Not Found'); the default locale has no prefix,
 * so `/en/…` redirects to the bare path. Otherwise the UI switches to that locale before rendering.
 */
export async function localeLoader({ params, request }: LoaderFunctionArgs) {
  const prefix = params.locale;
  if (prefix !== undefined && isSupportedLocale(prefix)) {
    if (prefix === DEFAULT_LOCALE) {
      const url = new URL(request.url);
      throw redirect(parseLocalePath(url.pathname).rest + url.search + url.hash);
    }
    await setLocale(prefix);
    return null;
  }
  await setLocale(DEFAULT_LOCALE);
  if (prefix === undefined) return null;
  throw notFound(LOCALE_PATTERN.test(prefix) ? 'route' : 'unmatched');
}

/** Pages outside the locale scheme (e-mail links) are in the default locale. */
export async function defaultLocaleLoader() {
  await setLocale(DEFAULT_LOCALE);
  return null;
}

/** Old marketing paths land on the (localised) home page. */
export const toHome = ({ params }: LoaderFunctionArgs) => {
  const locale = params.locale && isSupportedLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  return redirect(localizePath('/', locale));
};

/** A page that exists only when its feature is on; otherwise the route does not exist. */
export const requireFeature = (feature: Feature) => async () => {
  const init = await ensurePlayerInit();
  if (!init.features[feature]) throw notFound('unmatched');
  return null;
};

/** The catch-all. */
export const unmatched = () => {
  throw notFound('unmatched');
};
