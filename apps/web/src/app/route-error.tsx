import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from '@/shared/router';
import { reloadOnChunkError } from '@/shared/lib/chunk-reload.ts';
import { dismissPreloader } from '@/shared/lib/preloader.ts';
import { ErrorLayout } from './layouts/error-layout.tsx';
import { NotFoundLayout, type NotFoundKind } from './layouts/not-found-layout.tsx';

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
