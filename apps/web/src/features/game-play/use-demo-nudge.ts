import { useEffect, useRef } from 'react';
import { useModal } from '@/shared/modals/index.ts';

/** How long a guest plays the demo after the first offer before being asked again to play for real. */
export const DEMO_NUDGE_AFTER_MS = 60_000;
/** The nudge is an offer, not a nag: at most this many times per game page. */
const MAX_NUDGES = 2;

/**
 * The wire contract's timing: a guest in demo mode is offered real play when the game starts, and
 * once more after a minute of play counted from closing that offer. Rounds do not trigger it, so it
 * never lands between two spins. `nudgeOpen` says whether the offer is on screen now.
 */
export function useDemoNudge(enabled: boolean, modalValue: string, nudgeOpen: boolean) {
  const { open } = useModal();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const shown = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    // An offer on screen counts, also one the address brought along.
    if (nudgeOpen) {
      shown.current = Math.max(shown.current, 1);
      return;
    }
    if (shown.current >= MAX_NUDGES) return;
    const nudge = () => {
      shown.current += 1;
      openRef.current('demo-game', modalValue);
    };
    if (shown.current === 0) return nudge();
    const timer = setTimeout(nudge, DEMO_NUDGE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, modalValue, nudgeOpen]);
}
