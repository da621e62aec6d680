import type { AttemptCounter } from './attempts.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Sign-in throttling. Per account, whatever the address and however its login is written: from the
 * 5th failure in 15 minutes each try waits 1, 2, 4 … 60 s after the last; the 10th pauses the account
 * for 15 minutes and mails its owner. Per address, whatever the account: 20 failures in 15 minutes
 * pause that address (password spraying: one password against many accounts).
 *
 * The pause slows the guesser, not the owner: a browser the owner signed in from before (the device
 * cookie, trusted-devices.ts) is counted on a budget of its own (`deviceAccount`), the same rules, and
 * the pause of the account does not hold it back; from any other browser a try during the pause is
 * answered with a challenge (service.ts), which only a right password and the owner's mailbox pass.
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

/** A trusted browser's own budget for the player (a stolen cookie buys one more account's worth, never more). */
export const deviceAccount = (playerId: string, deviceHash: string) =>
  `player:${playerId}:device:${deviceHash.slice(0, 32)}`;

const keys = (account: string, ip: string) => ({
  failures: `signin-fail:${account}`,
  gate: `signin-wait:${account}`,
  lock: `signin-lock:${account}`,
  address: `signin-ip:${ip}`,
});

/** A sign-in try let through to the password check; tell the guard how it went. */
export type SignInTry = {
  paused: false;
  /** A wrong password (or an unknown login): answers whether this failure paused the account. */
  failed(): Promise<{ locked: boolean }>;
  /** The right password: the account starts afresh. */
  succeeded(): Promise<void>;
};

/**
 * A try while the account is paused: counted against the address as a failure, whatever the password,
 * and answered alike whatever it is (so the pause stays a pause for a guesser): with the challenge.
 */
export type PausedTry = { paused: true; seconds: number };

export type SignInGuard = ReturnType<typeof createSignInGuard>;

export function createSignInGuard(attempts: AttemptCounter) {
  const waiting = (seconds: number) =>
    tooManyRequests(`Too many failed sign-ins. Try again in ${Math.max(1, seconds)} s.`, seconds);
  const addressPaused = (seconds: number) =>
    tooManyRequests('Too many failed sign-ins from your network. Try again later.', seconds);

  return {
    /**
     * Before the password is checked: refuses while the address is paused or the account waits, answers
     * `paused` while the account is paused, else counts this try as a failure until it proves right.
     * Counted first, so a burst of tries at once gets no more password checks than tries one after
     * another would (a paused try's check decides only whether the owner is sent a code: its answer is
     * the same either way).
     */
    async begin(account: string, ip: string): Promise<SignInTry | PausedTry> {
      const k = keys(account, ip);
      const [locked, wait, fromAddress] = await Promise.all([
        attempts.ttl(k.lock),
        attempts.ttl(k.gate),
        attempts.count(k.address),
      ]);
      if (locked > 0) {
        if ((await attempts.hit(k.address, SIGN_IN_LIMITS.windowSec)) > SIGN_IN_LIMITS.perAddress) {
          await attempts.release(k.address);
          throw addressPaused(await attempts.ttl(k.address));
        }
        return { paused: true, seconds: locked };
      }
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
      if (n > SIGN_IN_LIMITS.lockAt) {
        // Paused (the failure that paused it is still being written): not a failure of the account,
        // one of the address, as any try during a pause.
        await attempts.release(k.failures);
        return { paused: true, seconds: (await attempts.ttl(k.lock)) || SIGN_IN_LIMITS.lockSec };
      }
      if (n >= SIGN_IN_LIMITS.delayFrom) {
        // From the 5th try on, one at a time, each opening a wait: the first to take it goes, the rest are refused.
        const delay = Math.min(SIGN_IN_LIMITS.maxDelaySec, 2 ** (n - SIGN_IN_LIMITS.delayFrom));
        if ((await attempts.hit(k.gate, delay)) > 1) throw await refuse(waiting(await attempts.ttl(k.gate)));
      }
      return {
        paused: false,
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
