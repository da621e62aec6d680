/** App paths without the locale prefix (LocaleLink adds it). */
export const gamePath = (identity: string, real = false) =>
  `/games/${encodeURIComponent(identity)}${real ? '?real=true' : ''}`;
export const categoryPath = (identity: string) => `/categories/${encodeURIComponent(identity)}`;

/** The URL parameter of the provider filter, brackets and all, like the API's own. */
export const PROVIDER_PARAM = 'providerId[]';

/**
 * A query string that keeps `[]` readable (`providerId[]=…`), as the API writes it, and modal keys
 * bare (`?search`, not `?search=`), as the modal system writes them.
 */
export const toQueryString = (params: URLSearchParams) => {
  const text = params
    .toString()
    .replace(/%5B%5D=/gi, '[]=')
    .replace(/=(?=&|$)/g, '');
  return text ? `?${text}` : '';
};

/** The query parameter of `/providers` that turns it into one studio's games. */
export const PROVIDER_VIEW_PARAM = 'provider';

/**
 * A provider's games: `/providers?provider=<identity>`, every game of that studio whatever its
 * collection. The providers page, the home strip and the providers modal all lead there, so a
 * studio always opens in one place (a collection page filtered by it would show only a slice).
 */
export const providerGamesPath = (provider: { identity: string }) =>
  `/providers?${PROVIDER_VIEW_PARAM}=${encodeURIComponent(provider.identity)}`;
