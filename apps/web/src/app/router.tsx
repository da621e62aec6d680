import { createBrowserRouter } from '@/shared/router';
import { localeOfPath, localizePath, parseLocalePath } from '@/shared/i18n';
import { setNavigator } from '@/shared/lib/navigation.ts';
import { routes } from './routes.tsx';

/** Adds the current locale to an unprefixed path; a path that already names its locale is left alone. */
export function inCurrentLocale(path: string, currentPathname: string): string {
  const target = parseLocalePath(path.split(/[?#]/)[0] ?? '/');
  if (target.kind === 'ok' && target.prefixed) return path;
  return localizePath(path, localeOfPath(currentPathname));
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The bridge for code outside React (the HTTP client's 401/403 handling).
  setNavigator((path) => void router.navigate(inCurrentLocale(path, router.state.location.pathname)));
  return router;
}
