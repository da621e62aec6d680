import { useEffect, useRef } from 'react';
import { useModal } from '@/shared/modals/index.ts';

/** How long a guest plays the demo before being asked again to play for real. */
export const DEMO_NUDGE_AFTER_MS = 60_000;

/**
 * Guests in demo mode see the "play for real" modal when the game starts and once more after a
 * minute of play.
 */
export function useDemoNudge(enabled: boolean, modalValue: string) {
  const { open } = useModal();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const shownAtStart = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    if (!shownAtStart.current) {
      shownAtStart.current = true;
      openRef.current('demo-game', modalValue);
    }
    const timer = setTimeout(() => openRef.current('demo-game', modalValue), DEMO_NUDGE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, modalValue]);
}
