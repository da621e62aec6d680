import type { AttemptCounter } from '../../lib/attempts.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * Sign-in throttling. Per account, whatever the address and however its login is written: from the
 * 5th failure in 15 minutes each try waits 1, 2, 4 … 60 s after the last; the 10th pauses the account
 * for 15 minutes and mails its owner. Per address, whatever the account: 20 failures in 15 minutes
 * pause that address (password spraying: one password against many accounts).
 */
export const SIGN_IN_LIMITS = {
  windowSec: 15 * 60,
  delayFrom: 5,
  maxDelaySec: 60,
  lockAt: 10,
  lockSec: 15 * 60,
  perAddress: 20,
} as const;

/**
 * Whose budget a try spends: the player's, whichever of their logins was typed; for a login nobody
 * has, that login's (normalised), so unknown and known logins are throttled alike.
 */
export const signInAccount = (playerId: string | null, login: string) =>
  playerId ? `player:${playerId}` : `login:${login}`;

const keys = (account: string, ip: string) => ({
  failures: `signin-fail:${account}`,
  gate: `signin-wait:${account}`,
  lock: `signin-lock:${account}`,
  address: `signin-ip:${ip}`,
});

/** A sign-in try let through to the password check; tell the guard how it went. */
export type SignInTry = {
  /** A wrong password (or an unknown login): answers whether this failure paused the account. */
  failed(): Promise<{ locked: boolean }>;
  /** The right password: the account starts afresh. */
  succeeded(): Promise<void>;
};

export type SignInGuard = ReturnType<typeof createSignInGuard>;

export function createSignInGuard(attempts: AttemptCounter) {
  const paused = (seconds: number) =>
    tooManyRequests(
      `Too many failed sign-ins: signing in to this account is paused for ${Math.ceil(seconds / 60)} min. You can reset your password now.`,
      seconds,
    );
  const waiting = (seconds: number) =>
    tooManyRequests(`Too many failed sign-ins. Try again in ${Math.max(1, seconds)} s.`, seconds);
  const addressPaused = (seconds: number) =>
    tooManyRequests('Too many failed sign-ins from your network. Try again later.', seconds);

  return {
    /**
     * Before the password is checked: refuses while the account or the address is paused, else counts
     * this try as a failure until it proves right. Counted first, so a burst of tries at once gets no
     * more password checks than tries one after another would.
     */
    async begin(account: string, ip: string): Promise<SignInTry> {
      const k = keys(account, ip);
      const [locked, wait, fromAddress] = await Promise.all([
        attempts.ttl(k.lock),
        attempts.ttl(k.gate),
        attempts.count(k.address),
      ]);
      if (locked > 0) throw paused(locked);
      if (wait > 0) throw waiting(wait);
      if (fromAddress >= SIGN_IN_LIMITS.perAddress) throw addressPaused(await attempts.ttl(k.address));

      const [n, m] = await Promise.all([
        attempts.hit(k.failures, SIGN_IN_LIMITS.windowSec),
        attempts.hit(k.address, SIGN_IN_LIMITS.windowSec),
      ]);
      // A try refused here is not checked, so it is no failure either.
      const refuse = async (error: Error) => {
        await Promise.all([attempts.release(k.failures), attempts.release(k.address)]);
        return error;
      };
      if (m > SIGN_IN_LIMITS.perAddress) throw await refuse(addressPaused(await attempts.ttl(k.address)));
      if (n > SIGN_IN_LIMITS.lockAt) throw await refuse(paused((await attempts.ttl(k.lock)) || SIGN_IN_LIMITS.lockSec));
      if (n >= SIGN_IN_LIMITS.delayFrom) {
        // From the 5th try on, one at a time, each opening a wait: the first to take it goes, the rest are refused.
        const delay = Math.min(SIGN_IN_LIMITS.maxDelaySec, 2 ** (n - SIGN_IN_LIMITS.delayFrom));
        if ((await attempts.hit(k.gate, delay)) > 1) throw await refuse(waiting(await attempts.ttl(k.gate)));
      }
      return {
        async failed() {
          if (n < SIGN_IN_LIMITS.lockAt) return { locked: false };
          await attempts.hit(k.lock, SIGN_IN_LIMITS.lockSec);
          return { locked: true };
        },
        async succeeded() {
          await Promise.all([attempts.release(k.address), resetAccount(k)]);
        },
      };
    },
    /** A new password set by reset: the player's account starts afresh. */
    async cleared(playerId: string): Promise<void> {
      await resetAccount(keys(signInAccount(playerId, ''), ''));
    },
  };

  async function resetAccount(k: ReturnType<typeof keys>) {
    await Promise.all([attempts.reset(k.failures), attempts.reset(k.gate), attempts.reset(k.lock)]);
  }
}
