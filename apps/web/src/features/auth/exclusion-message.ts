import type { TFunction } from '@/shared/i18n/translator.ts';
import { ErrorCode } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';

/**
 * A sign-in refused during an exclusion (11007), however the player tried (password, Google…): which
 * one it is, self-exclusion or a break, and until when, in the page language. Null for other errors.
 */
export function exclusionMessage(t: TFunction, language: string, error: unknown): string | null {
  if (!isApiError(error) || error.code !== ErrorCode.accountExcluded) return null;
  if (!error.until) return t('auth.signIn.errors.excludedForever');
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(error.until),
  );
  if (error.reason === 'self_exclusion') return t('auth.signIn.errors.selfExcludedUntil', { date });
  if (error.reason === 'cooling_off') return t('auth.signIn.errors.excludedUntil', { date });
  return t('auth.signIn.errors.closedUntil', { date });
}
