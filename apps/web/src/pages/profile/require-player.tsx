import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { useLocalizedPath } from '@/shared/i18n';
import { Spinner } from '@/shared/ui/spinner.tsx';

/** Player-only pages: a guest goes home with the sign-in modal open; while the session is restored, wait. */
export function RequirePlayer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const localize = useLocalizedPath();
  if (status === 'unknown') {
    return (
      <div className="grid min-h-60 place-items-center">
        <Spinner label={t('common.loading')} className="size-7 text-accent" />
      </div>
    );
  }
  if (status === 'guest') return <Navigate to={localize('/?sign-in')} replace />;
  return children;
}
