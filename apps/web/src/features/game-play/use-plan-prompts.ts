import { useEffect, useEffectEvent, useRef } from 'react';
import { useModal } from '@/shared/modals/index.ts';
import type { LaunchPlan } from './launch-plan.ts';

/**
 * What the plan asks of the visitor instead of a start, each once per asking: real money without
 * money opens the deposit wallet (once per account; the plug stays behind it), and a guest who asked
 * for real money is asked to sign up.
 */
export function usePlanPrompts(plan: LaunchPlan, realRequested: boolean) {
  const modal = useModal();
  useOncePer(plan.kind === 'deposit' ? (plan.currency ?? '') : null, () => modal.open('wallet', 'deposit'));
  useOncePer(plan.kind === 'sign-up' && realRequested ? 'sign-up' : null, () => modal.open('sign-up'));
}

/** Runs `act` when `value` appears, and again only once it changed, or went away (null) and came back. */
function useOncePer(value: string | null, act: () => void) {
  const done = useRef<string | null>(null);
  const run = useEffectEvent(act);
  useEffect(() => {
    if (value === null) {
      done.current = null;
      return;
    }
    if (done.current === value) return;
    done.current = value;
    run();
  }, [value]);
}
