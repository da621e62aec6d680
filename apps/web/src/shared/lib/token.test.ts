import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getFreshToken,
  isExpiring,
  onSessionChange,
  readSession,
  REFRESH_MARKER_KEY,
  saveSession,
  SESSION_KEY,
  type TokenGrant,
} from './token.ts';

const grant = (token: string, inMs = 15 * 60_000): TokenGrant => ({
  accessToken: token,
  expiresAfter: new Date(Date.now() + inMs).toISOString(),
});
/** What another tab leaves in the shared storage. */
const otherTab = {
  startsRefresh: () => localStorage.setItem(REFRESH_MARKER_KEY, `loading-${Date.now()}`),
  finishesWith: (token: string) => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ accessToken: token, expiresAt: Date.now() + 15 * 60_000 }));
    localStorage.removeItem(REFRESH_MARKER_KEY);
  },
  fails: () => {
    localStorage.removeItem(SESSION_KEY);
    localStorage.removeItem(REFRESH_MARKER_KEY);
  },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('expiry', () => {
  it('counts a token as expired 10 seconds early', () => {
    const now = 1_000_000;
    expect(isExpiring({ accessToken: 't', expiresAt: now + 10_001 }, now)).toBe(false);
    expect(isExpiring({ accessToken: 't', expiresAt: now + 10_000 }, now)).toBe(true);
  });

  it('keeps the token and its expiry in localStorage under "session"', () => {
    const expiresAfter = '2030-01-01T00:00:00.000Z';
    saveSession({ accessToken: 'abc', expiresAfter });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({
      accessToken: 'abc',
      expiresAt: Date.parse(expiresAfter),
    });
  });
});

describe('refresh across tabs', () => {
  it('waits for the tab that is already refreshing instead of refreshing the same token again', async () => {
    vi.useFakeTimers();
    saveSession(grant('old', 3_000));
    otherTab.startsRefresh();
    const refresh = vi.fn(async () => grant('mine'));

    const result = getFreshToken(refresh);
    await vi.advanceTimersByTimeAsync(1_000);
    otherTab.finishesWith('from-other-tab');
    await vi.advanceTimersByTimeAsync(500);

    await expect(result).resolves.toBe('from-other-tab');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('wakes on the storage event before the next poll', async () => {
    vi.useFakeTimers();
    saveSession(grant('old', 3_000));
    otherTab.startsRefresh();
    const result = getFreshToken(vi.fn());
    otherTab.finishesWith('fast');
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    await expect(result).resolves.toBe('fast');
  });

  it('ends the wait with no token when the other tab lost the session', async () => {
    vi.useFakeTimers();
    saveSession(grant('old', 3_000));
    otherTab.startsRefresh();
    const refresh = vi.fn();
    const result = getFreshToken(refresh);
    otherTab.fails();
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('gives up waiting after 10 polls of 500 ms and refreshes itself', async () => {
    vi.useFakeTimers();
    saveSession(grant('old', 3_000));
    otherTab.startsRefresh(); // a tab that died mid-refresh never clears its marker
    const refresh = vi.fn(async () => grant('mine'));

    const result = getFreshToken(refresh);
    await vi.advanceTimersByTimeAsync(4_500);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);

    await expect(result).resolves.toBe('mine');
    expect(refresh).toHaveBeenCalledWith('old');
  });

  it('marks its own refresh for the other tabs and clears the mark afterwards', async () => {
    saveSession(grant('old', 1_000));
    let markerDuringRefresh: string | null = null;
    await getFreshToken(async () => {
      markerDuringRefresh = localStorage.getItem(REFRESH_MARKER_KEY);
      return grant('new');
    });
    expect(markerDuringRefresh).toMatch(/^loading/);
    expect(localStorage.getItem(REFRESH_MARKER_KEY)).toBeNull();
  });

  it('a refused refresh clears the session and tells this tab', async () => {
    saveSession(grant('old', 1_000));
    const listener = vi.fn();
    const stop = onSessionChange(listener);
    await expect(getFreshToken(async () => null)).resolves.toBeNull();
    stop();
    expect(readSession()).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
  });

  it('renews a token the push hub refused even if it looks fresh here (clock skew)', async () => {
    saveSession(grant('skewed'));
    const refresh = vi.fn(async () => grant('renewed'));
    await expect(getFreshToken(refresh)).resolves.toBe('skewed');
    await expect(getFreshToken(refresh, 'skewed')).resolves.toBe('renewed');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
