import type { TFunction } from '@/shared/i18n/translator.ts';
import { isApiError } from '@/shared/lib/http.ts';

/** Why a submitted form was refused, above its fields; announced at once. Text only, never HTML. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
      {message}
    </p>
  );
}

/**
 * What a refused submission says when no field is to blame: too many tries, no connection, or
 * something else. (Server texts are not shown: they are English and may change.)
 */
export function failureText(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status === 429) return t('auth.signIn.errors.tooManyAttempts');
  if (isApiError(error) && error.status === 0) return t('auth.errors.network');
  return t('auth.errors.generic');
}
