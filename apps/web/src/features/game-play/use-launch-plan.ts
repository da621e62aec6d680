import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '@/shared/router';
import type { Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { activeAccount, useAccounts } from '@/features/wallet';
import { launchPlan, modeChoiceOf, playMode, type PlayMode } from './launch-plan.ts';

/**
 * The mode the game runs in (`?real=`), the active account, and what the stage does about them
 * (launchPlan); `attempt` counts restarts, each a new start. `freeSpins`: whether free spins wait on
 * the game in the active account's currency (undefined while asked).
 */
export function useLaunchPlan(game: Pick<Game, 'isDemoMode'>, freeSpins: boolean | undefined) {
  const [params, setParams] = useSearchParams();
  const status = useSession((s) => s.status);
  const accounts = useAccounts();

  const choice = modeChoiceOf(params.get('real'));
  // A player whose accounts failed to load gets what they chose, else demo (the safe default).
  const mode =
    playMode(game, choice, status, accounts.data, freeSpins) ?? (accounts.isError ? (choice ?? 'demo') : null);
  const active = status === 'player' ? activeAccount(accounts.data) : undefined;
  const [attempt, setAttempt] = useState(0);
  const restart = useCallback(() => setAttempt((n) => n + 1), []);

  // The balance counts before a start; once a start for this account and attempt went ahead it stays.
  const startKey = `${active?.id ?? ''}:${attempt}`;
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const plan = launchPlan({
    mode,
    status,
    accounts: accounts.data,
    accountsFailed: accounts.isError,
    balanceChecked: checkedKey === startKey,
    freeSpins,
  });
  // Recorded during render (React's "state from the previous render" pattern), so no render runs without it.
  if (plan.kind === 'launch' && !plan.demoMode && checkedKey !== startKey) setCheckedKey(startKey);

  const setMode = useCallback(
    (next: PlayMode) => {
      setParams(
        (prev) => {
          const search = new URLSearchParams(prev);
          search.set('real', String(next === 'real'));
          return search;
        },
        { replace: true, preventScrollReset: true, state: { preventScrollReset: true } },
      );
    },
    [setParams],
  );

  // A game started for real money stays real (written into the address): the mode follows the balance
  // only until then. A balance that touches zero mid-play — a bonus replaced by another, the last stake
  // of free spins played, a round's stake out — would otherwise restart the running game as a demo and
  // back, losing the round on screen and the free spins' summary.
  const pinReal = choice === null && mode === 'real' && plan.kind === 'launch';
  useEffect(() => {
    // Once written, the choice is 'real' and the pin is no longer due.
    if (pinReal) setMode('real');
  }, [pinReal, setMode]);

  return { status, mode, realRequested: choice === 'real', active, plan, attempt, restart, setMode };
}
