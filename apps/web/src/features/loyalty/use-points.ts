import { useCallback } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import './i18n/index.ts';

/** "1 point", "2,500 points" (German "2.500 Punkte"): a number of points in the page's language. */
export function usePoints() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (count: number) => t('loyalty.points', { count, value: count.toLocaleString(i18n.language) }),
    [t, i18n.language],
  );
}
