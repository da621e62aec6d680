import { Suspense, lazy } from 'react';
import { useDrawer } from '../drawer-store.ts';

// The drawer (a Radix dialog) is fetched when first opened, keeping it out of the first page load.
const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'));

export function DrawerSlot() {
  const loaded = useDrawer((s) => s.loaded);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <MobileDrawer />
    </Suspense>
  );
}
