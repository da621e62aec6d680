import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fairFloats, playRound, randomSeed, sha256Hex, type EngineId, type EngineOutcome } from '@casino/games/engines';
import { signCall } from '../../../lib/signing.ts';
import { gameProviders, games } from '../../../modules/game/catalogue/tables.ts';
import type { TestServer } from '../../../test/server.ts';
import { sandboxGameSessions } from '../tables.ts';

// Answers are read loosely in tests; the assertions are the type check.
// oxlint-disable-next-line typescript/no-explicit-any
export type Json = Record<string, any>;

/** The casino's launch call, signed as the casino signs it. */
export async function launch(
  server: TestServer,
  overrides: Json = {},
  options: { signature?: string; timestamp?: number } = {},
) {
  const raw = JSON.stringify({
    mode: 'demo',
    token: null,
    gameIdentity: 'sandbox:test-game',
    gameName: 'Test Game',
    engine: 'slot',
    currency: 'EUR',
    locale: 'en',
    lobbyUrl: '/categories/slots',
    platform: 2,
    volatility: 'medium',
    paylines: 20,
    ...overrides,
  });
  const response = await server.app.inject({
    method: 'POST',
    url: '/sandbox/games/api/launch',
    headers: {
      'content-type': 'application/json',
      ...signCall(
        server.ctx.gameWalletSecret,
        { method: 'POST', path: '/sandbox/games/api/launch', body: raw },
        options.timestamp ? { timestamp: options.timestamp } : {},
      ),
      ...(options.signature ? { 'x-signature': options.signature } : {}),
    },
    payload: raw,
  });
  return response;
}

/** Launches a demo session and answers its id. */
export async function demoSession(server: TestServer, overrides: Json = {}): Promise<string> {
  const response = await launch(server, overrides);
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { gameUrl: string }).gameUrl.split('/').pop()!;
}

export async function api(server: TestServer, method: 'GET' | 'POST', url: string, body?: Json) {
  const response = await server.app.inject({
    method,
    url: `/sandbox/games/api${url}`,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a round, waiting out the minimum spin duration when the provider asks to. */
export async function play(server: TestServer, sid: string, body: Json) {
  for (;;) {
    const result = await api(server, 'POST', `/sessions/${sid}/rounds`, body);
    if (result.status !== 429) return result;
    await sleep((result.body.error.retryAfterMs as number) + 5);
  }
}

/**
 * Gives a session a server seed whose next round (nonce 0) satisfies `wanted`, found by trying
 * seeds locally: the test plays the provider's own database, as the provider would never let a player.
 */
export async function rigSeed(
  server: TestServer,
  sid: string,
  engine: EngineId,
  wanted: (outcome: EngineOutcome, u: number) => boolean,
  bet = 100,
  params: Json = {},
) {
  const [session] = await server.ctx.db.select().from(sandboxGameSessions).where(eq(sandboxGameSessions.id, sid));
  for (let i = 0; i < 20_000; i++) {
    const serverSeed = randomSeed();
    const fair = { serverSeed, clientSeed: session!.clientSeed, nonce: 0 };
    const outcome = await playRound(engine, fair, bet, params as never);
    const [u] = await fairFloats(fair, 1);
    if (wanted(outcome, u!)) {
      await server.ctx.db
        .update(sandboxGameSessions)
        .set({ serverSeed, serverSeedHash: await sha256Hex(serverSeed), nonce: 0 })
        .where(eq(sandboxGameSessions.id, sid));
      return outcome;
    }
  }
  throw new Error('no seed found');
}

/**
 * A game of the sandbox provider in the catalogue, under a provider of its own (so each test's game is
 * apart). `type` is its catalogue type, the engine's name unless given (a slot's promotions count
 * `slots`).
 */
export async function catalogueGame(
  server: TestServer,
  engine: 'slot' | 'dice' | 'crash' | 'roulette',
  type: string = engine,
) {
  const suffix = randomUUID().slice(0, 8);
  const [provider] = await server.ctx.db
    .insert(gameProviders)
    .values({ id: randomUUID(), identity: `sandbox-${suffix}`, name: `Sandbox ${suffix}`, position: 1 })
    .returning();
  const [game] = await server.ctx.db
    .insert(games)
    .values({
      id: randomUUID(),
      identity: `sandbox:${engine}-${suffix}`,
      name: `Sandbox ${engine}`,
      searchName: `sandbox ${engine}`,
      providerId: provider!.id,
      engine,
      type,
      volatility: 'medium',
      paylines: engine === 'slot' ? 20 : 0,
      isDemoMode: true,
      platforms: [1, 2],
      popularity: 1,
      position: 1,
      createdAt: new Date(),
    })
    .returning();
  return game!;
}
