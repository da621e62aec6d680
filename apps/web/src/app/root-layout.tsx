import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { dismissPreloader, keepsPreloader } from '@/shared/lib/preloader.ts';
import { Toaster } from '@/shared/ui/toaster.tsx';
import { GeoRestrictedLayout } from './layouts/geo-restricted-layout.tsx';
import { ModalHost } from './modal-host.tsx';
import { useNavigationEffects } from './navigation-effects.ts';

/** The top route: app-wide effects, the geo-restriction gate, the modal host and the toasts. */
export function RootLayout() {
  const init = usePlayerInit();
  const location = useLocation();
  useNavigationEffects();

  useEffect(() => {
    if (!keepsPreloader(location.pathname, location.search)) dismissPreloader();
    // Only the first render decides; the auth hand-off pages dismiss it themselves when done.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (init.restricted && init.restrictType === 1) {
    return (
      <>
        <GeoRestrictedLayout country={init.country} />
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
