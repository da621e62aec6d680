import type { AttemptCounter } from '../../lib/attempts.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * Sign-in throttling. Per account, whatever the address: from the 5th failure in 15 minutes each
 * try waits 1, 2, 4 … 60 s after the last; the 10th pauses the account for 15 minutes and mails its
 * owner. Per address, whatever the account: 50 failures in 15 minutes pause that address.
 */
export const SIGN_IN_LIMITS = {
  windowSec: 15 * 60,
  delayFrom: 5,
  maxDelaySec: 60,
  lockAt: 10,
  lockSec: 15 * 60,
  perAddress: 50,
} as const;

const keys = (login: string, ip: string) => ({
  failures: `signin-fail:${login}`,
  wait: `signin-wait:${login}`,
  lock: `signin-lock:${login}`,
  address: `signin-ip:${ip}`,
});

export type SignInGuard = ReturnType<typeof createSignInGuard>;

export function createSignInGuard(attempts: AttemptCounter) {
  return {
    /** Before the password is checked: refuses while the account or address is paused. */
    async check(login: string, ip: string): Promise<void> {
      const k = keys(login, ip);
      const [locked, waiting, fromAddress] = await Promise.all([
        attempts.ttl(k.lock),
        attempts.ttl(k.wait),
        attempts.count(k.address),
      ]);
      if (locked > 0)
        throw tooManyRequests(
          `Too many failed sign-ins: signing in to this account is paused for ${Math.ceil(locked / 60)} min. You can reset your password now.`,
          locked,
        );
      if (waiting > 0) throw tooManyRequests(`Too many failed sign-ins. Try again in ${waiting} s.`, waiting);
      if (fromAddress >= SIGN_IN_LIMITS.perAddress) {
        throw tooManyRequests(
          'Too many failed sign-ins from your network. Try again later.',
          await attempts.ttl(k.address),
        );
      }
    },
    /** After a wrong password (or an unknown account): answers whether this failure paused the account. */
    async failed(login: string, ip: string): Promise<{ locked: boolean }> {
      const k = keys(login, ip);
      const [n] = await Promise.all([
        attempts.hit(k.failures, SIGN_IN_LIMITS.windowSec),
        attempts.hit(k.address, SIGN_IN_LIMITS.windowSec),
      ]);
      if (n === SIGN_IN_LIMITS.lockAt) {
        await attempts.hit(k.lock, SIGN_IN_LIMITS.lockSec);
        return { locked: true };
      }
      if (n >= SIGN_IN_LIMITS.delayFrom) {
        const delay = Math.min(SIGN_IN_LIMITS.maxDelaySec, 2 ** (n - SIGN_IN_LIMITS.delayFrom));
        await attempts.hit(k.wait, delay);
      }
      return { locked: false };
    },
    /** A right password, or a new one set by reset: the account starts afresh. */
    async cleared(login: string): Promise<void> {
      const k = keys(login, '');
      await Promise.all([attempts.reset(k.failures), attempts.reset(k.wait), attempts.reset(k.lock)]);
    },
  };
}
