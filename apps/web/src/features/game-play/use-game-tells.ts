import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** The game page's first message: what it tells the player itself, so the casino need not say it again. */
const READY = 'sandbox-game:ready';

/**
 * What the game in the frame says it answers itself (`max-bet`: a stake above a bonus's maximum bet,
 * with the stake to lower to), from its ready message. Only the frame's own window is listened to, and
 * a new game (another URL) starts knowing nothing: a game that sends nothing gets the casino's modals.
 */
export function useGameTells(frame: RefObject<HTMLIFrameElement | null>, gameUrl: string | undefined) {
  const tells = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    tells.current = new Set();
    if (!gameUrl) return;
    const listener = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { type?: unknown; tells?: unknown } | null;
      if (data?.type !== READY || !Array.isArray(data.tells)) return;
      tells.current = new Set(data.tells.filter((what): what is string => typeof what === 'string').slice(0, 10));
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frame, gameUrl]);
  return useCallback((what: string) => tells.current.has(what), []);
}
