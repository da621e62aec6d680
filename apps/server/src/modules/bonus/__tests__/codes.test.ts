import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  BONUS_CODE_GUESS_LIMITS,
  bonusCodeSchema,
  bonusDefinitionInputSchema,
  ErrorCode,
  type BonusDefinitionSource,
  type ProviderWebhook,
} from '@casino/contracts';
import { signCall } from '../../../lib/signing.ts';
import { withTransaction } from '../../../outbox/index.ts';
import { outbox } from '../../../outbox/tables.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { waitFor } from '../../../test/wait.ts';
import { paymentInvoices } from '../../payment/tables.ts';
import { bonusConsent } from '../../player/index.ts';
import { registerBody } from '../../player/__tests__/helpers.ts';
import { createCode, redeemDepositCode, seedDemoCodes } from '../codes.ts';
import { createDefinition, DEFAULT_BONUS_RULES } from '../service.ts';
import { bonusCodes, playerBonusCodes, playerBonuses } from '../tables.ts';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await createTestServer({ TURNOVER_MULTIPLIER: '0' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = server.ctx.selfUrl();
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const run = randomUUID().slice(0, 6);
let nextAddress = 0;
/** A fresh address per player (each test meets only its own rate-limit counters), unless one is shared on purpose. */
const freshAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

type Player = { token: string; playerId: string; ip: string };

async function signUp(overrides: Record<string, unknown> = {}, ip = freshAddress()) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/player/register',
    payload: registerBody(overrides),
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const auth = res.json().data as Json;
  return { token: auth.accessToken as string, playerId: auth.profile.id as string, ip, auth };
}

async function call(p: Player, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${p.token}` },
    remoteAddress: p.ip,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, json: res.json() as Json };
}
const typeCode = (p: Player, bonusCode: string, trigger = 1) =>
  call(p, 'POST', '/api/game/bonuses/bonuscodes', { bonusCode, trigger });

async function definition(overrides: Partial<BonusDefinitionSource> = {}) {
  const input: BonusDefinitionSource = {
    name: `Code bonus ${randomUUID().slice(0, 8)}`,
    amounts: { EUR: 500 },
    wagerMultiplier: 3,
    maxBet: {},
    maxConversion: {},
    contributions: { slots: 100 },
    excludedGames: [],
    activationDays: 7,
    wageringDays: 7,
    ...overrides,
  };
  return createDefinition(server.ctx.db, bonusDefinitionInputSchema.parse(input), async () => null);
}

let codeSerial = 0;
async function code(
  options: Partial<Parameters<typeof createCode>[1]> = {},
  overrides: Partial<BonusDefinitionSource> = {},
) {
  const def = await definition(overrides);
  return createCode(server.ctx.db, { code: `T${run}${codeSerial++}`.toUpperCase(), definition: def.name, ...options });
}

const bonusesOf = (playerId: string) =>
  server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId));
const usesOf = (playerId: string) =>
  server.ctx.db.select().from(playerBonusCodes).where(eq(playerBonusCodes.playerId, playerId));
const codeRow = async (id: string) => (await server.ctx.db.select().from(bonusCodes).where(eq(bonusCodes.id, id)))[0]!;

describe('a code typed on the bonuses page', () => {
  it('issues the bonus (status 2), lists the use, and pushes it', async () => {
    const c = await code();
    const p = await signUp();
    const res = await typeCode(p, `  ${c.code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(bonusCodeSchema.parse(res.json.data)).toMatchObject({
      bonusCode: c.code,
      trigger: 1,
      status: 2,
      playerId: p.playerId,
    });
    const [bonus] = await bonusesOf(p.playerId);
    expect(bonus).toMatchObject({ source: 'code', codeUseId: res.json.data.id, amountMinor: 500n, invoiceId: null });
    expect((await codeRow(c.id)).uses).toBe(1);
    const list = await call(p, 'GET', '/api/game/bonuses/bonuscodes?trigger=1');
    expect(list.json.data.map((u: Json) => u.id)).toEqual([res.json.data.id]);
    expect((await call(p, 'GET', '/api/game/bonuses/bonuscodes?trigger=3')).json.data).toEqual([]);
    const events = await server.ctx.db.select().from(outbox).where(eq(outbox.event, 'bonus.code.updated'));
    expect(events.some((e) => (e.payload as Json).code.id === res.json.data.id)).toBe(true);
    const event = events.find((e) => (e.payload as Json).code.id === res.json.data.id)!;
    const [publish] = server.ctx.outboxConsumers.publishersOf('bonus.code.updated');
    const pushed = await publish!({ ...event, tx: '0', payload: event.payload } as never, undefined as never);
    expect(pushed).toEqual([
      {
        channel: `bonus:player-bonus-codes#${p.playerId}`,
        payload: { event: 'player.bonus.code.updated', playerBonusCode: res.json.data },
      },
    ]);
  });

  it('answers 3 for a code that does not exist and 4 for one this player may not use', async () => {
    const p = await signUp({ country: 'DE' });
    expect((await typeCode(p, `NOPE${run}`)).json.data.status).toBe(3);
    const past = await code({ availableTo: new Date(Date.now() - 60_000).toISOString() });
    const future = await code({ availableFrom: new Date(Date.now() + 3_600_000).toISOString() });
    const austria = await code({ countries: ['AT'] });
    const dollars = await code({ currencies: ['USD'] });
    const noEuro = await code({}, { amounts: { USD: 500 } });
    for (const c of [past, future, austria, dollars, noEuro])
      expect((await typeCode(p, c.code)).json.data.status).toBe(4);
    expect(await bonusesOf(p.playerId)).toHaveLength(0);
    for (const c of [past, future, austria, dollars, noEuro]) expect((await codeRow(c.id)).uses).toBe(0);
    const germany = await code({ countries: ['DE'], currencies: ['EUR'] });
    expect((await typeCode(p, germany.code)).json.data.status).toBe(2);
  });

  it('holds the per-player limit: the same code twice by one player issues once', async () => {
    const c = await code({ maxUsesPerPlayer: 1 });
    const p = await signUp();
    const answers = await Promise.all([typeCode(p, c.code), typeCode(p, c.code), typeCode(p, c.code)]);
    expect(answers.map((a) => a.json.data.status).toSorted()).toEqual([2, 4, 4]);
    expect(await bonusesOf(p.playerId)).toHaveLength(1);
    expect((await codeRow(c.id)).uses).toBe(1);
  });

  it('never issues more than max_uses when 20 players race for the last uses', async () => {
    const c = await code({ maxUses: 5 });
    const players = await Promise.all(Array.from({ length: 20 }, () => signUp()));
    const answers = await Promise.all(players.map((p) => typeCode(p, c.code)));
    const statuses = answers.map((a) => a.json.data.status);
    expect(statuses.filter((s) => s === 2)).toHaveLength(5);
    expect(statuses.filter((s) => s === 4)).toHaveLength(15);
    expect((await codeRow(c.id)).uses).toBe(5);
    const issued = await server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.source, 'code'));
    const ids = new Set(answers.map((a) => a.json.data.id));
    expect(issued.filter((b) => ids.has(b.codeUseId))).toHaveLength(5);
  });

  it('issues nothing to a cooling-off player (status 4)', async () => {
    const c = await code();
    const p = await signUp();
    const excluded = await opsCall(server, 'exclude', { player: p.playerId, type: 'cooling-off', days: 1 });
    expect(excluded.statusCode, excluded.body).toBe(200);
    // The player's session was closed by the exclusion: the code is tried as the sign-up would.
    const { applyCode } = await import('../codes.ts');
    const use = await applyCode(server.ctx, DEFAULT_BONUS_RULES, { playerId: p.playerId, code: c.code, trigger: 1 });
    expect(use.status).toBe(4);
    expect(await bonusesOf(p.playerId)).toHaveLength(0);
    expect((await codeRow(c.id)).uses).toBe(0);
  });
});

describe('guessing codes', () => {
  it('locks a player after the wrong codes of a window (429, error 5, until): nothing is looked up or issued', async () => {
    const good = await code();
    const p = await signUp();
    for (let i = 0; i < BONUS_CODE_GUESS_LIMITS.perPlayer; i++)
      expect((await typeCode(p, `GUESS${run}${i}`)).json.data.status).toBe(3);
    const locked = await typeCode(p, `GUESS${run}X`);
    expect(locked.status).toBe(429);
    expect(locked.json.error.code).toBe(ErrorCode.bonusCodeLocked);
    expect(Date.parse(locked.json.error.until)).toBeGreaterThan(Date.now());
    const right = await typeCode(p, good.code);
    expect(right.status).toBe(429);
    expect(await bonusesOf(p.playerId)).toHaveLength(0);
    expect(await usesOf(p.playerId)).toHaveLength(BONUS_CODE_GUESS_LIMITS.perPlayer);
  });

  it('a burst of parallel guesses gets no more tries than a series', async () => {
    const p = await signUp();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => typeCode(p, `BURST${run}${i}`)));
    const tried = answers.filter((a) => a.status === 200);
    expect(tried.length).toBeLessThanOrEqual(BONUS_CODE_GUESS_LIMITS.perPlayer);
    expect(answers.filter((a) => a.status === 429).every((a) => a.json.error.code === 5)).toBe(true);
    expect((await usesOf(p.playerId)).length).toBeLessThanOrEqual(BONUS_CODE_GUESS_LIMITS.perPlayer);
  });

  it('locks an address after its wrong codes, whichever players typed them', async () => {
    const ip = freshAddress();
    const perPlayer = BONUS_CODE_GUESS_LIMITS.perPlayer;
    const rounds = BONUS_CODE_GUESS_LIMITS.perAddress / perPlayer;
    for (let r = 0; r < rounds; r++) {
      const p = await signUp({}, ip);
      for (let i = 0; i < perPlayer; i++) expect((await typeCode(p, `ADDR${run}${r}X${i}`)).status).toBe(200);
    }
    const next = await signUp({}, ip);
    const locked = await typeCode(next, `ADDR${run}LAST`);
    expect(locked.status).toBe(429);
    expect(locked.json.error.code).toBe(5);
    // Another address is not locked.
    const elsewhere = await signUp();
    expect((await typeCode(elsewhere, `ADDR${run}ELSE`)).status).toBe(200);
  });

  it('refuses NUL bytes, huge strings, bad shapes and trigger 2 at the edge (422), recording nothing', async () => {
    const p = await signUp();
    for (const body of [
      { bonusCode: 'AB\u0000C', trigger: 1 },
      { bonusCode: 'A'.repeat(100_000), trigger: 1 },
      { bonusCode: 'A'.repeat(41), trigger: 1 },
      { bonusCode: 'two words', trigger: 1 },
      { bonusCode: '', trigger: 1 },
      { bonusCode: 'OK', trigger: 2 },
      { bonusCode: 'OK', trigger: 9 },
      { bonusCode: 'OK', trigger: 1, extra: true },
      { bonusCode: ['OK'], trigger: 1 },
    ]) {
      const res = await call(p, 'POST', '/api/game/bonuses/bonuscodes', body);
      expect([413, 422], JSON.stringify(body).slice(0, 60)).toContain(res.status);
    }
    expect((await call(p, 'GET', '/api/game/bonuses/bonuscodes?trigger=abc')).status).toBe(422);
    expect((await call(p, 'GET', '/api/game/bonuses/bonuscodes?trigger=1%00')).status).toBe(422);
    expect((await call(p, 'DELETE', '/api/game/bonuses/bonuscodes', { playerBonusCodeId: 'x\u0000' })).status).toBe(
      422,
    );
    expect(await usesOf(p.playerId)).toHaveLength(0);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/game/bonuses/bonuscodes?trigger=1' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a code typed at sign-up', () => {
  it('issues its bonus and stores the consent; a wrong code never fails the sign-up', async () => {
    const c = await code();
    const good = await signUp({ bonusCode: c.code.toLowerCase(), receiveBonus: true });
    expect(good.auth.bonusCode).toMatchObject({ trigger: 2, status: 2, bonusCode: c.code });
    expect(await bonusesOf(good.playerId)).toHaveLength(1);
    expect(good.auth.profile.receiveBonus).toBe(true);
    expect(await bonusConsent(server.ctx.db, good.playerId)).toBe(true);

    const bad = await signUp({ bonusCode: 'no such code!' });
    expect(bad.auth.bonusCode).toMatchObject({ trigger: 2, status: 3 });
    expect(bad.auth.profile.receiveBonus).toBe(false);
    expect(await bonusConsent(server.ctx.db, bad.playerId)).toBe(false);
    expect(await bonusesOf(bad.playerId)).toHaveLength(0);

    const none = await signUp({ bonusCode: '' });
    expect(none.auth.bonusCode).toBeUndefined();
  });

  it('lets the player change the consent in the profile', async () => {
    const p = await signUp();
    const res = await call(p, 'PUT' as 'POST', '/api/player/profile', { receiveBonus: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.receiveBonus).toBe(true);
    expect(await bonusConsent(server.ctx.db, p.playerId)).toBe(true);
    const fields = await server.app.inject({
      method: 'GET',
      url: '/api/player/fields/validations?scenario=registration',
    });
    const names = (fields.json().data as Json[]).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['bonusCode', 'receiveBonus']));
  });
});

describe('a deposit code', () => {
  const signedWebhook = (event: ProviderWebhook) => {
    const body = JSON.stringify(event);
    const path = '/api/payment/webhooks/sandbox';
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signCall(server.ctx.paymentSecret, { method: 'POST', path, body }),
      },
      body,
    });
  };
  async function deposit(p: Player, euros: number) {
    const created = await fetch(`${base}/api/payment/invoices/deposit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'bank_transfer', currency: 'EUR', amount: euros }),
    });
    const json = (await created.json()) as Json;
    expect(created.status, JSON.stringify(json)).toBe(200);
    const [row] = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, json.data.invoiceId));
    const paid: ProviderWebhook = {
      eventId: randomUUID(),
      type: 'payment.succeeded',
      paymentId: row!.providerPaymentId!,
      reference: row!.id,
      currency: 'EUR',
      amountMinor: String(euros * 100),
    };
    return { invoiceId: row!.id, paid };
  }

  it('waits (status 1) for the next paid deposit, which redeems it once; a replay issues nothing more', async () => {
    const c = await code({}, { type: 2, amounts: { EUR: 0 }, depositPercentage: 50, maxAmounts: { EUR: 1_000 } });
    const p = await signUp();
    const typed = await typeCode(p, c.code, 3);
    expect(typed.json.data).toMatchObject({ status: 1, trigger: 3 });
    expect((await call(p, 'GET', '/api/game/bonuses/bonuscodes?trigger=3')).json.data[0].status).toBe(1);
    const { invoiceId, paid } = await deposit(p, 30);
    expect((await signedWebhook(paid)).status).toBe(200);
    expect((await signedWebhook(paid)).status).toBe(200);
    const [use] = await waitFor(async () => {
      const rows = await usesOf(p.playerId);
      return rows[0]?.status === 2 ? rows : undefined;
    });
    expect(use!.invoiceId).toBe(invoiceId);
    const bonuses = await bonusesOf(p.playerId);
    expect(bonuses).toHaveLength(1);
    // 50 % of €30, capped at €10; the invoice stays the deposit bonus's, not the code's.
    expect(bonuses[0]).toMatchObject({ amountMinor: 1_000n, invoiceId: null, codeUseId: use!.id, source: 'code' });
    // The event delivered again (at-least-once): nothing more.
    const [row] = await server.ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
    await withTransaction(server.ctx, (tx) =>
      redeemDepositCode(tx, DEFAULT_BONUS_RULES, {
        playerId: p.playerId,
        invoiceId,
        number: row!.number,
        state: 'succeeded',
        method: row!.method,
        currency: 'EUR',
        amountMinor: '3000',
        statusResult: '',
        publicData: null,
        createdAt: row!.createdAt.toISOString(),
        updatedAt: null,
        bonusId: null,
      }),
    );
    expect(row).toBeTruthy();
    expect(await bonusesOf(p.playerId)).toHaveLength(1);
    expect((await codeRow(c.id)).uses).toBe(1);
  });

  it('can be withdrawn while it waits (its use given back); another player’s id is not found', async () => {
    const c = await code({ maxUses: 1 });
    const owner = await signUp();
    const other = await signUp();
    const typed = await typeCode(owner, c.code, 3);
    expect((await codeRow(c.id)).uses).toBe(1);
    const id = typed.json.data.id as string;
    expect((await call(other, 'DELETE', '/api/game/bonuses/bonuscodes', { playerBonusCodeId: id })).status).toBe(404);
    expect(
      (await call(other, 'DELETE', '/api/game/bonuses/bonuscodes', { playerBonusCodeId: 'not-a-uuid' })).status,
    ).toBe(404);
    expect(await usesOf(owner.playerId)).toHaveLength(1);
    expect((await call(owner, 'DELETE', '/api/game/bonuses/bonuscodes', { playerBonusCodeId: id })).status).toBe(200);
    expect(await usesOf(owner.playerId)).toHaveLength(0);
    expect((await codeRow(c.id)).uses).toBe(0);
    // The freed use can be taken by the other player; a used code cannot be withdrawn.
    const taken = await typeCode(other, c.code, 1);
    expect(taken.json.data.status).toBe(2);
    const refused = await call(other, 'DELETE', '/api/game/bonuses/bonuscodes', {
      playerBonusCodeId: taken.json.data.id,
    });
    expect(refused.status).toBe(409);
    const [kept] = await server.ctx.db
      .select()
      .from(playerBonusCodes)
      .where(and(eq(playerBonusCodes.id, taken.json.data.id), eq(playerBonusCodes.status, 2)));
    expect(kept).toBeTruthy();
  });
});

describe('the demo and the API document', () => {
  it('seeds WELCOME10 once, giving the no-deposit €5 with wagering', async () => {
    await seedDemoCodes(server.ctx.db);
    await seedDemoCodes(server.ctx.db);
    const p = await signUp();
    expect((await typeCode(p, 'welcome10')).json.data.status).toBe(2);
    const [bonus] = await bonusesOf(p.playerId);
    expect(bonus).toMatchObject({ name: 'No-deposit €5', amountMinor: 500n, wagerRequiredMinor: 5_000n });
  });

  it('describes the code routes', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as Json).paths)).toContain('/api/game/bonuses/bonuscodes/');
  });
});

describe('operators', () => {
  it('create and list codes', async () => {
    const def = await definition();
    const created = await opsCall(server, 'bonus', {
      action: 'code-create',
      code: `ops${run}`,
      definition: def.name,
      maxUses: 100,
      maxUsesPerPlayer: 2,
      currencies: ['EUR'],
      countries: ['DE', 'AT'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.message).toContain(`OPS${run}`.toUpperCase());
    const again = await opsCall(server, 'bonus', { action: 'code-create', code: `OPS${run}`, definition: def.name });
    expect(again.statusCode).toBe(409);
    const list = await opsCall(server, 'bonus', { action: 'code-list' });
    expect(list.json().data.message).toContain('countries DE,AT');
  });
});
