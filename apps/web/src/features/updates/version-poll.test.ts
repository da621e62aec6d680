import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_GAP_MS, POLL_INTERVAL_MS, startVersionPoll } from './version-poll.ts';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);
const becomeVisible = () => document.dispatchEvent(new Event('visibilitychange'));

describe('the build-manifest poll', () => {
  it('asks every few minutes and on coming back into view, and reports a different build once', async () => {
    vi.useFakeTimers();
    const versions = ['a', 'a', 'b', 'c'];
    const fetchLatest = vi.fn(async () => versions.shift() ?? null);
    const onNewBuild = vi.fn();
    stop = startVersionPoll({ current: 'a', onNewBuild, fetchLatest });
    expect(fetchLatest).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    // Back into view a moment later: not asked again within a minute.
    becomeVisible();
    await flush();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MIN_GAP_MS);
    becomeVisible();
    await flush();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith('b');
    // Reported: it stops asking.
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
    expect(onNewBuild).toHaveBeenCalledOnce();
  });

  it('takes a failed request (offline) as no news', async () => {
    vi.useFakeTimers();
    const onNewBuild = vi.fn();
    const fetchLatest = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    stop = startVersionPoll({ current: 'a', onNewBuild, fetchLatest });
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(fetchLatest).toHaveBeenCalledOnce();
    expect(onNewBuild).not.toHaveBeenCalled();
  });
});
