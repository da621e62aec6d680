import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { dismissPreloader } from '@/shared/lib/preloader.ts';
import { ErrorLayout } from './layouts/error-layout.tsx';
import { NotFoundLayout, type NotFoundKind } from './layouts/not-found-layout.tsx';

const RELOAD_GUARD_KEY = 'chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;

/** After a deploy, old chunk names 404: one reload fetches the new build (at most once per 10 s, so no loop). */
function reloadOnChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  if (!/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message))
    return false;
  const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** Route error boundary: a 404 shows the 404 layout, anything else the error page. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => dismissPreloader(), []);

  if (isRouteErrorResponse(error) && error.status === 404) {
    const kind = (error.data as { kind?: NotFoundKind } | null)?.kind ?? 'unmatched';
    return <NotFoundLayout path={pathname} kind={kind} />;
  }
  if (reloadOnChunkError(error)) return null;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorLayout />;
}
