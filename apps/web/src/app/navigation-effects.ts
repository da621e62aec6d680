import { useEffect, useRef } from 'react';
import { useLocation } from '@/shared/router';
import { trackPageView } from '@/shared/lib/analytics.ts';
import { clearToasts } from '@/shared/ui/toast.ts';
import { useDrawer } from './drawer-store.ts';

function scrollToHash(hash: string) {
  const id = decodeURIComponent(hash.slice(1));
  // After paint: the target may be rendered by the page that just mounted.
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView?.({ block: 'start' }));
}

/**
 * Spec point 2 navigation rules: a new path scrolls to the top (unless the navigation state says
 * `preventScrollReset`), a hash scrolls to its element, open toasts go away, and the page view is
 * reported. A change of path or query closes the drawer.
 */
export function useNavigationEffects() {
  const location = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const pathChanged = previousPath.current !== location.pathname;
    const firstRender = previousPath.current === null;
    previousPath.current = location.pathname;

    if (location.hash) scrollToHash(location.hash);
    else if (
      pathChanged &&
      !firstRender &&
      !(location.state as { preventScrollReset?: boolean } | null)?.preventScrollReset
    ) {
      window.scrollTo(0, 0);
    }
    if (!pathChanged) return;
    if (!firstRender) clearToasts();
    // Page components set document.title in their own effects, which run before this parent effect.
    trackPageView(location.pathname, document.title);
  }, [location.pathname, location.hash, location.state]);

  const fullPath = location.pathname + location.search;
  const previousFullPath = useRef(fullPath);
  useEffect(() => {
    if (previousFullPath.current === fullPath) return;
    previousFullPath.current = fullPath;
    useDrawer.getState().setOpen(false);
  }, [fullPath]);
}
