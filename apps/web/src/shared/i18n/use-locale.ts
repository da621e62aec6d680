import { useCallback } from 'react';
import { useLocation } from '@/shared/router';
import type { LocaleCode } from '@casino/contracts';
import { localeOfPath, localizePath } from './locale-path.ts';

/** The current locale, read from the URL (works anywhere under the router, modals included). */
export function useLocale(): LocaleCode {
  return localeOfPath(useLocation().pathname);
}

/** `const to = useLocalizedPath(); to('/profile')` → `/de/profile` in German. */
export function useLocalizedPath() {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
