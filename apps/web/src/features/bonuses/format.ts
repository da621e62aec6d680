import { useCallback } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';

/** A moment as the player reads it in their language (empty for none). */
export function useFormatDate(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string | null) =>
      iso
        ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
        : '',
    [i18n.language],
  );
}
