import { useEffect, useState } from 'react';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';

/** The current time, ticking every `everyMs` (a countdown that moves while the page is open). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A moment as the player reads it in their language (empty for none). */
export function useWhen(iso: string | null): string {
  const { i18n } = useTranslation();
  if (!iso) return '';
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "23 h 5 min" until `iso` (at least a minute). */
export function waitLeft(iso: string, now: number, t: TFunction): string {
  const minutes = Math.max(1, Math.ceil((new Date(iso).getTime() - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('limits.time.hoursMinutes', { hours, minutes: minutes % 60 })
    : t('limits.time.minutes', { minutes });
}
