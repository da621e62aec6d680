import { create } from 'zustand';
import type { Profile } from '@casino/contracts';
import { hasSession } from '@/shared/lib/token.ts';

/**
 * unknown: a stored token is being checked at start; offline: it could not be checked (network, server
 * error), so it is kept and checked again; guest: signed out; player: signed in.
 */
export type SessionStatus = 'unknown' | 'offline' | 'guest' | 'player';
export type SessionState = {
  status: SessionStatus;
  profile: Profile | null;
  /**
   * The player ended the session in this browser (signed out, closed the account, excluded themselves):
   * a player-only page still on screen goes home, without asking to sign in again.
   */
  left: boolean;
};

// A visitor without a stored token is a guest from the first render (no "checking…" flash).
export const useSession = create<SessionState>(() => ({
  status: hasSession() ? 'unknown' : 'guest',
  profile: null,
  left: false,
}));

export const setPlayer = (profile: Profile) => useSession.setState({ status: 'player', profile, left: false });
export const setGuest = (left = false) => useSession.setState({ status: 'guest', profile: null, left });
export const isPlayer = () => useSession.getState().status === 'player';
