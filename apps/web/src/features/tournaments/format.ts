import type { Tournament } from '@casino/contracts';

type Money = (amount: number, currency: string) => string;

/**
 * Points as the tournament counts them: money won or staked (base-currency minor units) shown as
 * money, a multiplier (× 100) as `×12.50`.
 */
export function formatPoints(points: number, tournament: Pick<Tournament, 'scoring' | 'baseCurrency'>, money: Money) {
  if (tournament.scoring === 'multiplier') return `×${(points / 100).toFixed(2)}`;
  return money(points / 100, tournament.baseCurrency);
}

/** Days, hours, minutes and seconds until `target` (none left: zeros). */
export function timeLeft(target: number, now: number) {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2 days 04:05:06`, `04:05:06`. */
export function countdownText(target: number, now: number, days: (count: number) => string) {
  const left = timeLeft(target, now);
  const clock = `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${days(left.days)} ${clock}` : clock;
}
