import { create } from 'zustand';
import { parseLocalePath } from '@/shared/i18n/locale-path.ts';

type UpdateState = {
  /** A newer build is deployed (the build manifest says so, or a new service worker waits). */
  available: boolean;
  /** The player put the prompt off; it comes back with the next build noticed. */
  dismissed: boolean;
  /** The service worker's first install finished: a brief notice says the site now works offline. */
  offlineReady: boolean;
  /** The page the player is on, kept in step with the router. */
  pathname: string;
};

export const useUpdates = create<UpdateState>(() => ({
  available: false,
  dismissed: false,
  offlineReady: false,
  pathname: typeof location === 'undefined' ? '/' : location.pathname,
}));

/**
 * Pages where a game round may be running: the game page and the sportsbook. A reload there could cut
 * a round short, so the prompt waits until the player leaves them.
 */
export function isInPlay(pathname: string): boolean {
  const parsed = parseLocalePath(pathname);
  return /^\/(games\/[^/]+|betting)\/?$/.test(parsed.rest);
}

/** Whether the new-version prompt shows now. */
export const promptShows = (state: UpdateState) => state.available && !state.dismissed && !isInPlay(state.pathname);

export function newBuildNoticed() {
  useUpdates.setState({ available: true, dismissed: false });
}
