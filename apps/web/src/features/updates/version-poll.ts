/** How often an open tab asks whether a new build is out, and the least time between two asks. */
export const POLL_INTERVAL_MS = 5 * 60_000;
export const MIN_GAP_MS = 60_000;

/** The version of the build this page runs (the build writes it into index.html), or null in development. */
export function currentBuild(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content || null;
}

/** The deployed build's version, from the build manifest (never from a cache). */
export async function latestBuild(): Promise<string | null> {
  const response = await fetch('/builds/latest.json', { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) return null;
  const body = (await response.json()) as { version?: unknown };
  return typeof body.version === 'string' ? body.version : null;
}

type PollOptions = {
  current: string;
  onNewBuild: (version: string) => void;
  fetchLatest?: () => Promise<string | null>;
  now?: () => number;
};

/**
 * Asks for the deployed version every few minutes and when the tab comes back into view or online
 * (a phone's tab wakes up hours later), at most once a minute; reports the first different version.
 * Returns a function that stops it.
 */
export function startVersionPoll({ current, onNewBuild, fetchLatest = latestBuild, now = Date.now }: PollOptions) {
  let lastAsked = -Infinity;
  let done = false;
  const check = async () => {
    if (done || document.visibilityState !== 'visible' || now() - lastAsked < MIN_GAP_MS) return;
    lastAsked = now();
    const latest = await fetchLatest().catch(() => null);
    if (done || !latest || latest === current) return;
    done = true;
    stop();
    onNewBuild(latest);
  };
  const onCheck = () => void check();
  const timer = setInterval(onCheck, POLL_INTERVAL_MS);
  document.addEventListener('visibilitychange', onCheck);
  window.addEventListener('online', onCheck);
  function stop() {
    done = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onCheck);
    window.removeEventListener('online', onCheck);
  }
  return stop;
}
