/** Timing helpers shared by tests that wait for background work (dispatcher rounds, socket events). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` every 20 ms until it returns something truthy, and returns that; throws after `timeoutMs`
 * (a bound on waiting, not a speed: background lanes beside the journeys on a slow 2-core machine took
 * over 5 s to deliver a text message).
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(20);
  }
}
