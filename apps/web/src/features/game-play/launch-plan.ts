import type { Account, Game } from '@casino/contracts';
import type { SessionStatus } from '@/features/auth';

export type PlayMode = 'demo' | 'real';

/** What the stage does for the visitor, the mode and the accounts at hand. */
export type LaunchPlan =
  /** The session is being restored or the accounts are loading. */
  | { kind: 'wait' }
  /** A guest asked for real money (or the game has no demo): a sign-up plug instead of the game. */
  | { kind: 'sign-up' }
  /** A player with nothing to play with: the deposit wallet instead of a game that could not take a bet. */
  | { kind: 'deposit'; currency: string | null }
  | { kind: 'launch'; demoMode: boolean; accountId?: string };

/** Demo unless `?real=true`; a game without a demo is always real money. */
export const playMode = (game: Pick<Game, 'isDemoMode'>, realRequested: boolean): PlayMode =>
  realRequested || !game.isDemoMode ? 'real' : 'demo';

type PlanInput = {
  mode: PlayMode;
  status: SessionStatus;
  accounts: readonly Account[] | undefined;
  accountsFailed: boolean;
  /**
   * The balance is checked before a start, not during play: a player who loses the last bet keeps
   * the game on screen (its own UI says the funds are short) instead of losing it mid-round.
   */
  balanceChecked: boolean;
};

export function launchPlan({ mode, status, accounts, accountsFailed, balanceChecked }: PlanInput): LaunchPlan {
  if (status === 'unknown') return { kind: 'wait' };
  if (mode === 'demo') return { kind: 'launch', demoMode: true };
  if (status === 'guest') return { kind: 'sign-up' };
  // Without the list the server starts the active account itself; better than no game at all.
  if (accountsFailed) return { kind: 'launch', demoMode: false };
  if (!accounts) return { kind: 'wait' };
  const active = accounts.find((a) => a.status === 1);
  if (!active) return { kind: 'deposit', currency: null };
  if (active.balance <= 0 && !balanceChecked) return { kind: 'deposit', currency: active.currency };
  return { kind: 'launch', demoMode: false, accountId: active.id };
}
