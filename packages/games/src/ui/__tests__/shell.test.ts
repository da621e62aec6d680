import { describe, expect, it } from 'vitest';
import { ApiError, apiBaseOf, GameApi, sessionIdFromPath } from '../shell/api.ts';
import { errorMessage, sessionEnded } from '../shell/errors.ts';
import { verifyExtras } from '../shell/fairness.ts';
import { parseVerifyQuery, verifyUrl } from '../shell/verify-link.ts';

describe('session id and API client', () => {
  it('reads the session id from the play path', () => {
    expect(sessionIdFromPath('/sandbox/games/play/4f7c2a8e-1d2b-4c3d-9e8f-0a1b2c3d4e5f')).toBe(
      '4f7c2a8e-1d2b-4c3d-9e8f-0a1b2c3d4e5f',
    );
    expect(sessionIdFromPath('/sandbox/games/play/abc/')).toBe('abc');
    expect(sessionIdFromPath('/slot.html')).toBeNull();
    expect(sessionIdFromPath('/')).toBeNull();
  });

  it("calls the API of the party that serves the page (the sandbox provider's, or the sandbox Lantern's)", () => {
    expect(apiBaseOf('/sandbox/games/play/abc')).toBe('/sandbox/games/api');
    expect(apiBaseOf('/sandbox/lantern/play/abc')).toBe('/sandbox/lantern/api');
    expect(apiBaseOf('/slot.html')).toBe('/sandbox/games/api');
  });

  it('retries a too-fast spin after the time the server names, then returns the round', async () => {
    const calls: { url: string; init?: RequestInit; at: number }[] = [];
    const answers = [
      new Response(JSON.stringify({ error: { code: 'too_fast', message: 'slow down', retryAfterMs: 40 } }), {
        status: 429,
      }),
      new Response(JSON.stringify({ round: { id: 'r1' }, balance: 900, freeSpinsLeft: 0, fairness: {} }), {
        status: 200,
      }),
    ];
    const api = new GameApi('sid-1', async (url, init) => {
      calls.push({ url, init, at: Date.now() });
      return answers.shift()!;
    });
    const result = await api.play<'dice'>(100, { target: 50, over: true });
    expect(result.balance).toBe(900);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(40);
    expect(calls[0]!.url).toBe('/sandbox/games/api/sessions/sid-1/rounds');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ bet: 100, params: { target: 50, over: true } });
    expect(calls[0]!.init!.credentials).toBe('omit');
  });

  it('turns a refusal into an ApiError with the balance the casino reported', async () => {
    const api = new GameApi(
      's',
      async () =>
        new Response(
          JSON.stringify({ error: { code: 15001, message: 'Insufficient funds', balance: 42, currency: 'EUR' } }),
          { status: 422 },
        ),
    );
    const error = await api.play<'slot'>(100, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).balance).toBe(42);
    expect(errorMessage(error)).toBe('Not enough balance for this bet.');
  });

  it('reports a network failure as status 0', async () => {
    const api = new GameApi('s', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.session().catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(errorMessage(error)).toMatch(/connection/i);
  });
});

describe('error messages', () => {
  it('speaks the casino codes', () => {
    expect(errorMessage(new ApiError(403, 14101, 'Loss limit'))).toMatch(/loss limit/);
    expect(errorMessage(new ApiError(403, 14308, 'x'))).toMatch(/country/);
    expect(errorMessage(new ApiError(403, 14199, 'x'))).toMatch(/restricted/);
    expect(errorMessage(new ApiError(429, 'too_fast', 'x'))).toBeNull();
    expect(errorMessage(new ApiError(422, 'invalid_bet', 'The bet must be one of the bet levels'))).toBe(
      'The bet must be one of the bet levels',
    );
  });

  it('knows when the session is over for good', () => {
    expect(sessionEnded(new ApiError(403, 'session_expired', 'x'))).toBe(true);
    expect(sessionEnded(new ApiError(401, 15011, 'x'))).toBe(true);
    expect(sessionEnded(new ApiError(422, 15001, 'x'))).toBe(false);
    expect(sessionEnded(new ApiError(403, 14100, 'x'))).toBe(false);
  });
});

describe('verify links', () => {
  it('round-trips through the verify page query', () => {
    const url = verifyUrl({
      engine: 'dice',
      serverSeed: 'a b',
      clientSeed: 'c&d',
      nonce: 7,
      extra: { target: '50.50', over: 'false' },
    });
    expect(url.startsWith('/sandbox/games/verify?')).toBe(true);
    const parsed = parseVerifyQuery(url.slice(url.indexOf('?')));
    expect(parsed).toMatchObject({
      engine: 'dice',
      serverSeed: 'a b',
      clientSeed: 'c&d',
      nonce: 7,
      extra: { target: '50.50', over: 'false' },
    });
  });

  it('only returns to a game page of this provider', () => {
    expect(parseVerifyQuery('?back=%2Fsandbox%2Fgames%2Fplay%2Fabc-1').back).toBe('/sandbox/games/play/abc-1');
    expect(parseVerifyQuery('?back=https%3A%2F%2Fevil.example').back).toBeUndefined();
    expect(parseVerifyQuery('?back=%2F%2Fevil.example%2Fsandbox%2Fgames%2Fplay%2Fx').back).toBeUndefined();
    expect(parseVerifyQuery('?engine=poker&nonce=-1')).toMatchObject({ engine: undefined, nonce: undefined });
  });

  it('prefills what the outcome depends on from the round history', () => {
    const base = {
      id: 'r',
      nonce: 3,
      bet: 0,
      win: 0,
      serverSeedHash: 'h',
      clientSeed: 'c',
      revealedServerSeed: 's',
      createdAt: 0,
    };
    expect(verifyExtras('slot', { ...base, betBasis: 200, isFreeSpin: true })).toEqual({ bet: '200', freeSpin: '1' });
    expect(verifyExtras('dice', { ...base, bet: 100, params: { target: 12.3, over: false } })).toEqual({
      bet: '100',
      target: '12.30',
      over: 'false',
    });
    expect(
      verifyExtras('crash', {
        ...base,
        bet: 100,
        outcome: { kind: 'crash', crashPoint: 3, cashedOutAt: 2.5, totalWin: 250 },
      }),
    ).toEqual({ bet: '100', cashout: '2.50' });
  });
});
