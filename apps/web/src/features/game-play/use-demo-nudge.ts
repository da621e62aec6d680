import { useEffect, useRef, type RefObject } from 'react';
import { useModal } from '@/shared/modals/index.ts';

/** How long a guest plays the demo before being asked (again) to play for real. */
export const DEMO_NUDGE_AFTER_MS = 60_000;
/** The nudge is an offer, not a nag: at most this many times per game page. */
const MAX_NUDGES = 2;

/** The message a game in the frame posts when a round is over (see docs/provider-wallet-api.md). */
export const ROUND_OVER_MESSAGE = 'sandbox-game:round-over';

/**
 * Guests in demo mode are asked to play for real when their first round is over (never before they
 * have played), and after a minute of play since the last time they were asked. A game that posts no
 * messages gets the minute only. Messages count only from the game's own frame.
 */
export function useDemoNudge(enabled: boolean, modalValue: string, frame: RefObject<HTMLIFrameElement | null>) {
  const { open } = useModal();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const shown = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const nudge = () => {
      if (shown.current >= MAX_NUDGES) return;
      shown.current += 1;
      openRef.current('demo-game', modalValue);
      schedule();
    };
    function schedule() {
      clearTimeout(timer);
      if (shown.current < MAX_NUDGES) timer = setTimeout(nudge, DEMO_NUDGE_AFTER_MS);
    }
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      if ((event.data as { type?: unknown } | null)?.type === ROUND_OVER_MESSAGE && shown.current === 0) nudge();
    };
    schedule();
    window.addEventListener('message', onMessage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [enabled, modalValue, frame]);
}
