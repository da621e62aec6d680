import { DAY_SECONDS, getCookie, setCookie } from './cookies.ts';

export const AFFILIATE_COOKIE = 'stag';
export const AFFILIATE_QUERY = 'stag';
export const AFFILIATE_DAYS = 30;

/**
 * Spec point 9: the `stag` query is kept in a cookie for 30 days unless one is already there
 * (the first affiliate keeps the credit), then it leaves the URL without a history entry.
 * Runs before the router starts, so the router never sees the parameter.
 */
export function captureAffiliateTag(win: Window = window) {
  const url = new URL(win.location.href);
  const tag = url.searchParams.get(AFFILIATE_QUERY);
  if (tag === null) return;
  if (tag && getCookie(AFFILIATE_COOKIE) === null) setCookie(AFFILIATE_COOKIE, tag, AFFILIATE_DAYS * DAY_SECONDS);
  url.searchParams.delete(AFFILIATE_QUERY);
  // Keep bare keys bare (`?sign-in`, not `?sign-in=`) so modal keys stay as they were.
  const search = url.search.replace(/=(?=&|$)/g, '');
  win.history.replaceState(win.history.state, '', url.pathname + search + url.hash);
}

/** The stored affiliate tag, sent with registration and social login. */
export const getAffiliateTag = () => getCookie(AFFILIATE_COOKIE);
