const START_KEY = 'casino.playSessionStart';
/** A play session older than this (a tab left open overnight) starts again. */
const SESSION_MAX_MS = 12 * 3_600_000;

/**
 * When this tab's real-money play began (kept across reloads, per tab). The game page marks it as
 * soon as a real-money game starts, before the reality check's lazy chunk has loaded: a first spin
 * made meanwhile must count in its figures.
 */
export function playSessionStart(): number {
  const now = Date.now();
  const kept = Number(sessionStorage.getItem(START_KEY));
  if (kept > 0 && now - kept < SESSION_MAX_MS) return kept;
  sessionStorage.setItem(START_KEY, String(now));
  return now;
}
