import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { accountSchema, authResultSchema, dataEnvelope, type Account } from '@casino/contracts';
import { testAuthResult } from '@/features/auth/test-fixtures.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { clearToasts, useToasts } from '@/shared/ui/toast.ts';
import { accountsQueryKey } from '@/features/wallet';
import { testAccount as account } from '@/features/wallet/test-fixtures.ts';
import { get, post, recordRequests, reply, server } from '@/test-api.ts';
import { connectRealtime, installVisibilityRefetch } from './realtime.ts';

const accounts = (list: Account[]) => reply(dataEnvelope(z.array(accountSchema)), { data: list });

// A stand-in for the centrifuge client: records what the app asks of it and lets the test push.
const fake = vi.hoisted(() => {
  type Handler = (ctx: never) => void;
  class Emitter {
    handlers = new Map<string, Handler[]>();
    on(event: string, fn: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
      return this;
    }
    removeAllListeners() {
      this.handlers.clear();
      return this;
    }
    emit(event: string, ctx: unknown) {
      for (const fn of this.handlers.get(event) ?? []) (fn as (ctx: unknown) => void)(ctx);
    }
  }
  class FakeSubscription extends Emitter {
    constructor(public channel: string) {
      super();
    }
    subscribe = () => {};
    unsubscribe = () => {};
  }
  class UnauthorizedError extends Error {}
  class FakeCentrifuge extends Emitter {
    static instances: FakeCentrifuge[] = [];
    subs = new Map<string, FakeSubscription>();
    calls: string[] = [];
    constructor(
      public url: string,
      public options: {
        getToken: () => Promise<string>;
        timeout: number;
        minReconnectDelay: number;
        maxReconnectDelay: number;
        maxServerPingDelay: number;
      },
    ) {
      super();
      FakeCentrifuge.instances.push(this);
    }
    connect() {
      this.calls.push('connect');
    }
    disconnect() {
      this.calls.push('disconnect');
    }
    setToken(token: string) {
      this.calls.push(`setToken(${token})`);
    }
    getSubscription(channel: string) {
      return this.subs.get(channel) ?? null;
    }
    newSubscription(channel: string) {
      const sub = new FakeSubscription(channel);
      this.subs.set(channel, sub);
      return sub;
    }
    removeSubscription(sub: FakeSubscription) {
      this.subs.delete(sub.channel);
    }
  }
  return { FakeCentrifuge, UnauthorizedError };
});
vi.mock('centrifuge', () => ({ Centrifuge: fake.FakeCentrifuge, UnauthorizedError: fake.UnauthorizedError }));

const client = () => fake.FakeCentrifuge.instances[0]!;
const walletChannel = () => client().subs.get('wallet:accounts#p1')!;

beforeEach(() => {
  queryClient.clear();
});
afterEach(async () => {
  await connectRealtime(null);
  vi.unstubAllGlobals();
});

describe('push channel', () => {
  it('is one client with the spec timings on the same host', async () => {
    await connectRealtime(null);
    expect(fake.FakeCentrifuge.instances).toHaveLength(1);
    expect(client().url).toBe(`ws://${window.location.host}/connection/websocket`);
    expect(client().options).toMatchObject({
      timeout: 5000,
      minReconnectDelay: 500,
      maxReconnectDelay: 20000,
      maxServerPingDelay: 10000,
    });
  });

  it('connects a guest without a token and a player with the access token', async () => {
    await connectRealtime(null);
    await expect(client().options.getToken()).resolves.toBe('');

    saveSession({ accessToken: 'jwt-1', expiresAfter: new Date(Date.now() + 600_000).toISOString() });
    await connectRealtime('p1');
    await expect(client().options.getToken()).resolves.toBe('jwt-1');
    // Each login/logout is a fresh connection with the new identity.
    expect(client().calls.slice(-3)).toEqual(['disconnect', 'setToken()', 'connect']);
  });

  it('refuses a player connection once the session is gone', async () => {
    await connectRealtime('p1');
    localStorage.clear();
    await expect(client().options.getToken()).rejects.toBeInstanceOf(fake.UnauthorizedError);
  });

  it('a pushed account replaces the cached account with the same id', async () => {
    queryClient.setQueryData(accountsQueryKey, [account('a1', 'EUR', 10, 1), account('a2', 'BTC', 0.5)]);
    await connectRealtime('p1');

    walletChannel().emit('publication', {
      data: { event: 'account.balance.updated', account: account('a1', 'EUR', 7.25, 1) },
    });

    expect(queryClient.getQueryData<Account[]>(accountsQueryKey)).toEqual([
      account('a1', 'EUR', 7.25, 1),
      account('a2', 'BTC', 0.5),
    ]);
  });

  it('ignores a malformed push', async () => {
    const before = [account('a1', 'EUR', 10, 1)];
    queryClient.setQueryData(accountsQueryKey, before);
    await connectRealtime('p1');
    walletChannel().emit('publication', {
      data: { event: 'account.balance.updated', account: { id: 'a1', balance: 'lots' } },
    });
    expect(queryClient.getQueryData(accountsQueryKey)).toEqual(before);
  });

  it('refetches the accounts once first subscribed, and when a resubscribe could not recover missed pushes', async () => {
    saveSession({ accessToken: 'jwt-1', expiresAfter: new Date(Date.now() + 600_000).toISOString() });
    queryClient.setQueryData(accountsQueryKey, [account('a1', 'EUR', 10, 1)]);
    let balance = 50;
    const sent = recordRequests();
    server.use(get('/api/wallet/accounts', () => accounts([account('a1', 'EUR', balance, 1)])));
    await connectRealtime('p1');

    // Credited after the list was loaded and before the channel was subscribed: no push reached the page.
    walletChannel().emit('subscribed', { recovered: false, wasRecovering: false });
    await vi.waitFor(() => expect(queryClient.getQueryData<Account[]>(accountsQueryKey)?.[0]?.balance).toBe(50));
    expect(sent).toHaveLength(1);

    walletChannel().emit('subscribed', { recovered: true, wasRecovering: true });
    expect(sent).toHaveLength(1); // recovered: the missed pushes were replayed

    balance = 99;
    walletChannel().emit('subscribed', { recovered: false, wasRecovering: true });
    await vi.waitFor(() => expect(queryClient.getQueryData<Account[]>(accountsQueryKey)?.[0]?.balance).toBe(99));
  });

  it('drops the player channel on logout', async () => {
    await connectRealtime('p1');
    expect(client().subs.has('wallet:accounts#p1')).toBe(true);
    await connectRealtime(null);
    expect(client().subs.has('wallet:accounts#p1')).toBe(false);
  });

  it("subscribes the player's channels, bonuses included, and drops them all on logout", async () => {
    await connectRealtime('p1');
    expect([...client().subs.keys()].sort()).toEqual([
      'bonus:player-bonus-codes#p1',
      'bonus:player-bonuses#p1',
      'bonus:player-freespins#p1',
      'game:bets#p1',
      'messenger:notifications#p1',
      'payment:invoices#p1',
      'retention:accounts#p1',
      'retention:quests#p1',
      'tournaments',
      'wallet:accounts#p1',
    ]);
    await connectRealtime(null);
    expect(client().subs.size).toBe(0);
  });

  it('toasts a bonus change once: from the bonus channel, not again from its inbox message', async () => {
    clearToasts();
    await connectRealtime('p1');
    const message = (topic: string, title: string) => ({
      event: 'messenger.message.created',
      totalUnread: 1,
      message: {
        id: title,
        state: 1,
        readAt: null,
        createdAt: '2026-11-25T10:00:00Z',
        type: 'success',
        topic,
        content: { title, body: '', link: null },
      },
    });
    client()
      .subs.get('bonus:player-bonuses#p1')!
      .emit('publication', {
        data: {
          event: 'player.bonus.updated',
          playerBonus: {
            id: 'b1',
            name: 'Welcome bonus',
            status: 2,
            result: 1,
            amount: 20,
            currency: 'EUR',
            currentWagerAmount: 0,
            requiredWagerCasinoAmount: 100,
            currentWagerPercentage: 0,
          },
        },
      });
    const inbox = client().subs.get('messenger:notifications#p1')!;
    inbox.emit('publication', { data: message('player.bonus.updated', 'Your bonus is active') });
    inbox.emit('publication', { data: message('operator', 'Hello from us') });
    await vi.waitFor(() =>
      expect(useToasts.getState().toasts.map((t) => t.title)).toEqual([
        'Bonus activated: Welcome bonus',
        'Hello from us',
      ]),
    );
    clearToasts();
  });

  it('renews the token the hub refused as expired (109) before reconnecting', async () => {
    saveSession({ accessToken: 'jwt-1', expiresAfter: new Date(Date.now() + 600_000).toISOString() });
    const sent = recordRequests();
    server.use(
      post('/api/player/sessions/refresh', () =>
        reply(dataEnvelope(authResultSchema), {
          data: testAuthResult({ accessToken: 'jwt-2', expiresAfter: new Date(Date.now() + 900_000).toISOString() }),
        }),
      ),
    );
    await connectRealtime('p1');
    await expect(client().options.getToken()).resolves.toBe('jwt-1');

    client().emit('connecting', { code: 109, reason: 'token expired' });

    await expect(client().options.getToken()).resolves.toBe('jwt-2');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/player/sessions/refresh');
  });

  it('reloads the balances when a phone brings a signed-in tab back to the front', async () => {
    saveSession({ accessToken: 'jwt-1', expiresAfter: new Date(Date.now() + 600_000).toISOString() });
    queryClient.setQueryData(accountsQueryKey, [account('a1', 'EUR', 10, 1)]);
    server.use(get('/api/wallet/accounts', () => accounts([account('a1', 'EUR', 42, 1)])));
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    );
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    installVisibilityRefetch();
    await connectRealtime('p1');

    document.dispatchEvent(new Event('visibilitychange'));

    await vi.waitFor(() => expect(queryClient.getQueryData<Account[]>(accountsQueryKey)?.[0]?.balance).toBe(42));
  });
});
