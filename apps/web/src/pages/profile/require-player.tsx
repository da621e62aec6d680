import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@/shared/router';
import { rememberReturnPath } from '@/shared/lib/return-path.ts';
import { useSession } from '@/features/auth';
import { useLocalizedPath } from '@/shared/i18n';
import { PageLoading } from '../page-loading.tsx';

/**
 * Player-only pages: a guest goes home with the sign-in modal open (a player who signed out here, without
 * it); while the session is restored, wait.
 */
export function RequirePlayer({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const left = useSession((s) => s.left);
  const localize = useLocalizedPath();
  const location = useLocation();
  // Offline: the session is kept and the header offers to try again; the page waits for it.
  if (status === 'unknown' || status === 'offline') return <PageLoading />;
  // The player just signed out here (or closed the account): home, where they were going anyway.
  if (status === 'guest' && left) return <Navigate to={localize('/')} replace />;
  if (status === 'guest') {
    // After signing in, the player comes back here rather than to the home page.
    rememberReturnPath(location.pathname + location.search);
    return <Navigate to={localize('/?sign-in')} replace />;
  }
  return children;
}
