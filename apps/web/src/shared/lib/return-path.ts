/**
 * The page a guest asked for before being sent to sign in (a player-only page): kept for this tab
 * only, and only as a path of this site, then taken once after a successful sign-in.
 */
const KEY = 'returnTo';

export function rememberReturnPath(path: string) {
  if (!/^\/(?!\/)/.test(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // No storage (private mode): the player lands on the home page, as before.
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && /^\/(?!\/)/.test(path) ? path : null;
  } catch {
    return null;
  }
}
