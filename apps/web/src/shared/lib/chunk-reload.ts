const RELOAD_GUARD_KEY = 'chunk-reload-at';
/** Spec: the page reload guard is 10 s. */
export const RELOAD_GUARD_MS = 10_000;

/** Whether an error is a lazy chunk (script or stylesheet) that failed to load. */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a deploy, the old build's chunk names 404: one reload fetches the new build. At most once per
 * 10 s (sessionStorage), so a chunk that fails for another reason cannot loop the page.
 */
export function reloadOnChunkError(error: unknown, reload: () => void = () => window.location.reload()): boolean {
  if (!isChunkError(error)) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    return false; // without storage there is no guard: no reload rather than a possible loop
  }
  reload();
  return true;
}
