import { useCallback, useState } from 'react';
import { useSearchParams } from '@/shared/router';
import type { Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { activeAccount, useAccounts } from '@/features/wallet';
import { launchPlan, modeChoiceOf, playMode, type PlayMode } from './launch-plan.ts';

/**
 * The mode the game runs in (`?real=`), the active account, and what the stage does about them
 * (launchPlan); `attempt` counts restarts, each a new start.
 */
export function useLaunchPlan(game: Pick<Game, 'isDemoMode'>) {
  const [params, setParams] = useSearchParams();
  const status = useSession((s) => s.status);
  const accounts = useAccounts();

  const choice = modeChoiceOf(params.get('real'));
  // A player whose accounts failed to load gets what they chose, else demo (the safe default).
  const mode = playMode(game, choice, status, accounts.data) ?? (accounts.isError ? (choice ?? 'demo') : null);
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
  });
  // Recorded during render (React's "state from the previous render" pattern), so no render runs without it.
  if (plan.kind === 'launch' && !plan.demoMode && checkedKey !== startKey) setCheckedKey(startKey);

  const setMode = (next: PlayMode) => {
    setParams(
      (prev) => {
        const search = new URLSearchParams(prev);
        search.set('real', String(next === 'real'));
        return search;
      },
      { replace: true, preventScrollReset: true, state: { preventScrollReset: true } },
    );
  };

  return { status, mode, realRequested: choice === 'real', active, plan, attempt, restart, setMode };
}
