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

/** `?real=true` or `?real=false`: the player's explicit choice; absent: none. */
export type ModeChoice = PlayMode | null;

export const modeChoiceOf = (param: string | null): ModeChoice =>
  param === 'true' ? 'real' : param === 'false' ? 'demo' : null;

/**
 * The mode a game runs in: a game without a demo is always real money; otherwise the player's choice;
 * otherwise real money for a player whose active account holds money (a player with money does not
 * start in play money with two balances on screen) or who has free spins waiting on the game (they are
 * played for real, without a stake), demo for everyone else. Null while a player's accounts (or, on an
 * empty balance, their free spins) are still loading and nothing was chosen.
 */
export function playMode(
  game: Pick<Game, 'isDemoMode'>,
  choice: ModeChoice,
  status: SessionStatus,
  accounts: readonly Account[] | undefined,
  freeSpins: boolean | undefined,
): PlayMode | null {
  if (!game.isDemoMode) return 'real';
  if (choice) return choice;
  if (status === 'unknown') return null;
  if (status !== 'player') return 'demo';
  if (!accounts) return null;
  const active = accounts.find((a) => a.status === 1);
  if (active && active.balance > 0) return 'real';
  if (freeSpins === undefined) return null;
  return freeSpins ? 'real' : 'demo';
}

type PlanInput = {
  /** Null: not known yet (see playMode). */
  mode: PlayMode | null;
  status: SessionStatus;
  accounts: readonly Account[] | undefined;
  accountsFailed: boolean;
  /**
   * The balance is checked before a start, not during play: a player who loses the last bet keeps
   * the game on screen (its own UI says the funds are short) instead of losing it mid-round.
   */
  balanceChecked: boolean;
  /** Free spins wait on this game (undefined: not known yet): they need no balance. */
  freeSpins: boolean | undefined;
};

export function launchPlan({
  mode,
  status,
  accounts,
  accountsFailed,
  balanceChecked,
  freeSpins,
}: PlanInput): LaunchPlan {
  if (status === 'unknown' || mode === null) return { kind: 'wait' };
  if (mode === 'demo') return { kind: 'launch', demoMode: true };
  if (status === 'guest') return { kind: 'sign-up' };
  // Without the list the server starts the active account itself; better than no game at all.
  if (accountsFailed) return { kind: 'launch', demoMode: false };
  if (!accounts) return { kind: 'wait' };
  const active = accounts.find((a) => a.status === 1);
  if (!active) return { kind: 'deposit', currency: null };
  if (active.balance <= 0 && !balanceChecked) {
    // An empty balance with free spins waiting on the game starts it: they are played without a stake.
    if (freeSpins === undefined) return { kind: 'wait' };
    if (!freeSpins) return { kind: 'deposit', currency: active.currency };
  }
  return { kind: 'launch', demoMode: false, accountId: active.id };
}
