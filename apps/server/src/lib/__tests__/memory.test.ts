import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadCache } from '../read-cache.ts';
import { createTokenService, TokenExpiredError } from '../tokens.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('remembers a verified token only while it lives: expired ones are forgotten as new ones come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    const tokens = createTokenService({ current: randomBytes(32) }, 60);
    const signed = await Promise.all(Array.from({ length: 3 }, () => tokens.sign(randomUUID(), randomUUID())));
    for (const { token } of signed) await tokens.verify(token);
    expect(tokens.remembered()).toBe(3);

    // Two minutes on, every one of them has expired; a sign-in then leaves only its own token remembered.
    vi.setSystemTime(new Date('2026-11-30T12:02:00Z'));
    const fresh = await tokens.sign(randomUUID(), randomUUID());
    await tokens.verify(fresh.token);
    expect(tokens.remembered()).toBe(1);
    await expect(tokens.verify(signed[0]!.token)).rejects.toBeInstanceOf(TokenExpiredError);
  });
});

describe('read caches', () => {
  it('hold what is fresh, not every key since they last filled up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    const cache = createReadCache<number>({ maxAgeMs: 1_000 });
    for (let i = 0; i < 5; i++) await cache.get(`player-${i}`, async () => i);
    expect(cache.size()).toBe(5);
    vi.setSystemTime(new Date('2026-11-30T12:00:00.900Z'));
    await cache.get('player-7', async () => 7);
    // The first five are stale now: reading another key lets them go.
    vi.setSystemTime(new Date('2026-11-30T12:00:01.500Z'));
    expect(await cache.get('player-9', async () => 9)).toBe(9);
    expect(cache.size()).toBe(2);
    expect(await cache.get('player-7', async () => -7)).toBe(7);
    expect(await cache.get('player-0', async () => -1)).toBe(-1);
  });
});
