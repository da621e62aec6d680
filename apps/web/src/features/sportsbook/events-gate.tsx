import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePlayerInit } from '@/shared/lib/player-init.ts';

// The sections (with their zod schemas) are a chunk of their own, loaded once they come near the viewport.
const EventsSections = lazy(() => import('./events-section.tsx'));

/**
 * The home page's "Top events" and "Live events" from the sportsbook provider, when there is one.
 * Nothing is downloaded or requested before the spot comes near the viewport; without
 * IntersectionObserver (old browsers) it loads at once.
 */
export function SportsbookEvents() {
  const { sportsbook } = usePlayerInit();
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const enabled = !!sportsbook;

  useEffect(() => {
    const el = spot.current;
    if (!enabled || near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '100px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, near]);

  if (!sportsbook) return null;
  return (
    <div ref={spot} data-testid="sportsbook-events" className="min-h-px">
      {near && (
        <Suspense fallback={null}>
          <EventsSections host={sportsbook.host} clientId={sportsbook.clientId} />
        </Suspense>
      )}
    </div>
  );
}
