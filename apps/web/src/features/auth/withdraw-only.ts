import { useSyncExternalStore } from 'react';
import { SESSION_SCOPE_WITHDRAW_ONLY, type AuthResult } from '@casino/contracts';
import { onSessionChange, readSession } from '@/shared/lib/token.ts';

const UNTIL_KEY = 'casino.withdrawOnlyUntil';

/** The scope the server signed into the access token (the payload is readable; the server checks it). */
function scopeOf(token: string | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { scope?: unknown };
    return typeof json.scope === 'string' ? json.scope : null;
  } catch {
    return null;
  }
}

/** Whether this browser's session is an excluded player's withdraw-only one. */
export const isWithdrawOnly = () => scopeOf(readSession()?.accessToken) === SESSION_SCOPE_WITHDRAW_ONLY;

/** Kept with the session, for the screen to say until when (null: for good). */
export function rememberExclusion(result: AuthResult): void {
  try {
    if (result.scope) localStorage.setItem(UNTIL_KEY, result.excludedUntil ?? '');
    else localStorage.removeItem(UNTIL_KEY);
  } catch {
    // storage blocked: the screen then says the exclusion without its date
  }
}

export function exclusionEnd(): string | null {
  try {
    return localStorage.getItem(UNTIL_KEY) || null;
  } catch {
    return null;
  }
}

/** Re-renders when the session changes (sign-in, refresh, sign-out, another tab). */
export const useWithdrawOnly = () => useSyncExternalStore(onSessionChange, isWithdrawOnly, () => false);
