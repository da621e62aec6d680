import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, reloadOnChunkError } from './chunk-reload.ts';

afterEach(() => vi.useRealTimers());

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://casino.example/assets/game-page-old.js');

describe('reload on a chunk error', () => {
  it('reloads once for a chunk of an old build, not again within 10 s, again after', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    expect(reloadOnChunkError(chunkError(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    // The reloaded page fails the same way at once: no loop, the error page shows instead.
    vi.advanceTimersByTime(RELOAD_GUARD_MS - 1);
    expect(reloadOnChunkError(chunkError(), reload)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(reloadOnChunkError(new Error('Unable to preload CSS for /assets/x.css'), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors to the error page', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError(new Error('Request failed'), reload)).toBe(false);
    expect(reloadOnChunkError('dynamically imported module', reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
