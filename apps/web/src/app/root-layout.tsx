import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '@/shared/router';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { dismissPreloader, keepsPreloader } from '@/shared/lib/preloader.ts';
import { Toaster } from '@/shared/ui/toaster.tsx';
import { GeoRestrictedLayout } from './layouts/geo-restricted-layout.tsx';
import { ModalHost } from './modal-host.tsx';
import { useNavigationEffects } from './navigation-effects.ts';
import { useWithdrawOnly } from '@/features/auth';

const WithdrawOnlyPage = lazy(() => import('@/pages/withdraw-only-page.tsx'));

/** The top route: app-wide effects, the geo-restriction gate, the modal host and the toasts. */
export function RootLayout() {
  const init = usePlayerInit();
  const location = useLocation();
  const withdrawOnly = useWithdrawOnly();
  useNavigationEffects();

  // The auth hand-off pages keep it up while they sign the visitor in; once they move on to the
  // page they lead to (or anything else shows), it goes.
  useEffect(() => {
    if (!keepsPreloader(location.pathname, location.search)) dismissPreloader();
  }, [location.pathname, location.search]);

  if (init.restricted && init.restrictType === 1) {
    return (
      <>
        <GeoRestrictedLayout country={init.country} />
        <Toaster />
      </>
    );
  }
  // A withdraw-only session (an excluded player's, or a closed account's money) sees that screen and nothing else.
  if (withdrawOnly) {
    return (
      <>
        <Suspense>
          <WithdrawOnlyPage />
        </Suspense>
        <ModalHost />
        <Toaster />
      </>
    );
  }
  return (
    <>
      <Outlet />
      <ModalHost />
      <Toaster />
    </>
  );
}
