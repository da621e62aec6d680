import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusDefinitionInputSchema, promotionSchema, type BonusDefinitionSource } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame } from '../../game/__tests__/play-fixtures.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { createDefinition, issueBonus } from '../service.ts';

/** The promotions page's data: what a guest may read of the offers, and nothing of any player. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ BONUS_MAX_WAGER: '8' });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, json: res.json() as Json, text: res.body };
};
const uniq = () => randomUUID().slice(0, 8);
const define = (source: BonusDefinitionSource, gameId: string | null = null) =>
  createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(source), async () => gameId);

let excluded: { id: string; identity: string; name: string };
let spinsGame: { id: string; identity: string; name: string };
const names = { package: `Welcome ${uniq()}`, step: `Step ${uniq()}`, spins: `Spins ${uniq()}`, off: `Off ${uniq()}` };
beforeAll(async () => {
  excluded = await createGame(server.ctx.db);
  spinsGame = await createGame(server.ctx.db);
  const rule = {
    maxBet: { EUR: 500 },
    maxConversion: { EUR: 10_000 },
    contributions: { slots: 100, dice: 50, roulette: 10 },
    activationDays: 14,
    wageringDays: 21,
  };
  await define(
    {
      name: names.step,
      names: { de: 'Schritt eins', 'pt-br': 'Passo um' },
      type: 2,
      amounts: { EUR: 0 },
      depositPercentage: 100,
      maxAmounts: { EUR: 50_000 },
      triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 2_000, amountTo: 100_000 }] },
      package: { name: names.package, priority: 1 },
      wagerMultiplier: 30, // above the operator's cap of 8: the terms say 8, as the issue applies it
      excludedGames: [excluded.identity],
      ...rule,
    },
    excluded.id,
  );
  await define(
    {
      name: names.spins,
      type: 3,
      amounts: { EUR: 0 },
      freespins: { count: 25, game: spinsGame.identity, stakes: { EUR: 20 } },
      triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 2_000 }] },
      package: { name: names.package, priority: 2 },
      wagerMultiplier: 5,
      ...rule,
    },
    spinsGame.id,
  );
  // Not on offer: a disabled deposit bonus, one whose dates have passed, and one only an operator issues.
  const off = await define({
    name: names.off,
    amounts: { EUR: 1_000 },
    triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 2_000 }] },
    wagerMultiplier: 1,
  });
  await server.ctx.db.execute(sql`update bonus_definitions set enabled = false where id = ${off.id}::uuid`);
  await define({
    name: `Past ${uniq()}`,
    amounts: { EUR: 1_000 },
    triggerConditions: { invoiceAmountItems: [{ currency: 'EUR', amountFrom: 2_000 }] },
    availableTo: new Date(Date.now() - 60_000).toISOString(),
    wagerMultiplier: 1,
  });
  await define({ name: `Operator only ${uniq()}`, amounts: { EUR: 1_000 }, wagerMultiplier: 1 });
});

describe('GET /api/game/promotions', () => {
  it('shows a guest the offers with their full terms, from the definitions', async () => {
    const { status, json } = await get('/api/game/promotions?currency=EUR');
    expect(status).toBe(200);
    const offers = (json.data as Json[]).map((p) => promotionSchema.parse(p));
    const mine = offers.filter((p) => p.package?.name === names.package);
    expect(mine.map((p) => p.name)).toEqual([names.step, names.spins]);
    expect(mine[0]).toMatchObject({
      names: { de: 'Schritt eins', 'pt-br': 'Passo um' },
      kind: 'deposit',
      type: 2,
      depositPercentage: 100,
      maxAmount: 500,
      minDeposit: 20,
      maxDeposit: 1000,
      terms: {
        currency: 'EUR',
        wagerMultiplier: 8,
        contributions: { slots: 100, dice: 50, roulette: 10 },
        excludedGames: [{ identity: excluded.identity, name: excluded.name }],
        maxBet: 5,
        maxConversion: 100,
        activationDays: 14,
        wageringDays: 21,
        lapsesOnStake: true,
      },
    });
    expect(mine[1]!.freespins).toEqual({
      count: 25,
      game: { identity: spinsGame.identity, name: spinsGame.name },
      stake: 0.2,
    });
    const shown = offers.map((p) => p.name);
    expect(shown).not.toContain(names.off);
    expect(shown.some((n) => n.startsWith('Past '))).toBe(false);
    expect(shown.some((n) => n.startsWith('Operator only '))).toBe(false);
  });

  it('carries no player data, signed in or not, and is the same for everyone', async () => {
    const p = await createPlayer(server.ctx.db);
    await issueBonus(
      server.ctx,
      { maxWagerMultiplier: 8 },
      { playerId: p.id, definition: names.step, currency: 'EUR', source: 'ops' },
    ).catch(() => null);
    const guest = await get('/api/game/promotions?currency=EUR');
    const player = await get('/api/game/promotions?currency=EUR', await authHeader(server.ctx, p.id));
    expect(player.text).toBe(guest.text);
    expect(guest.text).not.toContain(p.id);
    expect(guest.text).not.toMatch(/playerId|issueStatus|email/);
  });

  it('answers 20 racing guests the same', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/api/game/promotions?currency=EUR')));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it('answers an unknown currency with nothing, and a malformed one with 422', async () => {
    expect((await get('/api/game/promotions?currency=XYZ')).json.data).toEqual([]);
    expect((await get('/api/game/promotions?currency=eur%00')).status).toBe(422);
    expect((await get(`/api/game/promotions?currency=${'E'.repeat(10_000)}`)).status).toBe(422);
  });

  it('gives the deposit form each offer’s names and terms too', async () => {
    const p = await createPlayer(server.ctx.db);
    const { json } = await get('/api/game/bonuses?currency=EUR', await authHeader(server.ctx, p.id));
    const step = (json.data as Json[]).find((d) => d.name === names.step);
    expect(step).toMatchObject({ names: { de: 'Schritt eins' }, terms: { wagerMultiplier: 8, maxBet: 5 } });
  });

  it('lists a player’s bonus with its definition’s names per locale and the terms it was given with', async () => {
    const p = await createPlayer(server.ctx.db);
    const name = `Named ${uniq()}`;
    await define(
      {
        name,
        names: { de: 'Benannter Bonus', 'pt-br': 'Bônus nomeado' },
        amounts: { EUR: 1_000 },
        wagerMultiplier: 3,
        maxBet: { EUR: 200 },
        contributions: { slots: 100 },
        excludedGames: [excluded.identity],
      },
      excluded.id,
    );
    await issueBonus(
      server.ctx,
      { maxWagerMultiplier: 8 },
      { playerId: p.id, definition: name, currency: 'EUR', source: 'ops' },
    );
    const { json } = await get('/api/game/player-bonuses', await authHeader(server.ctx, p.id));
    expect(json.data[0]).toMatchObject({
      name,
      names: { de: 'Benannter Bonus', 'pt-br': 'Bônus nomeado' },
      terms: {
        wagerMultiplier: 3,
        maxBet: 2,
        contributions: { slots: 100 },
        excludedGames: [{ name: excluded.name }],
        lapsesOnStake: false,
      },
    });
  });

  it('refuses a definition file naming a locale the site does not have', () => {
    expect(
      bonusDefinitionInputSchema.safeParse({
        name: 'x',
        names: { fr: 'Bonus' },
        amounts: { EUR: 1 },
        wagerMultiplier: 1,
      }).success,
    ).toBe(false);
  });
});
