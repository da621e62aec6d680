import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusDefinitionInputSchema, BonusCodeStatus, type BonusDefinitionSource } from '@casino/contracts';
import { rowsOf } from '../../../db/rows.ts';
import { createTestServer, opsCall, type TestServer } from '../../../test/server.ts';
import { createCode } from '../../bonus/codes.ts';
import { createDefinition } from '../../bonus/service.ts';
import { playerBonusCodes, playerBonuses } from '../../bonus/tables.ts';
import { playerDocuments } from '../../documents/tables.ts';
import { registerBody } from '../../player/__tests__/helpers.ts';
import { players } from '../../player/tables.ts';
import { DEVICE_COOKIE } from '../../player/trusted-devices.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { linkedPlayers } from '../service.ts';

/**
 * Issue 34, finding 10: accounts that share a browser, a payment instrument or a verified identity are
 * linked (the operator's duplicate-account signal, `ops player links`), and a one-per-person bonus is
 * given once to all of them together.
 */
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
type Player = { id: string; email: string; token: string; cookie: string };
let nextAddress = 0;
/** Each sign-up from an address of its own: what links players here is never their network. */
const freshAddress = () => `10.91.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

/** Signs a player up from a browser (its device cookie, or a new browser's). */
async function signUp(browser?: string): Promise<Player> {
  const body = registerBody({ locale: 'en', receiveBonus: true });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/player/register',
    payload: body,
    remoteAddress: freshAddress(),
    headers: browser ? { cookie: browser } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${DEVICE_COOKIE}=`))!;
  return {
    id: res.json().data.profile.id,
    email: body.email as string,
    token: res.json().data.accessToken,
    cookie: cookie.split(';')[0]!,
  };
}

async function call(p: Player, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${p.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as Json };
}

/** A card deposit paid on the sandbox provider's page (its webhook is applied before the page answers). */
async function depositByCard(p: Player, number: string) {
  const opened = await call(p, 'POST', '/api/payment/invoices/deposit', {
    method: 'card',
    currency: 'EUR',
    amount: 20,
  });
  expect(opened.status, JSON.stringify(opened.json)).toBe(200);
  const page = await fetch(`${base}${opened.json.data.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, expiry: '12/39', cvc: '123' }).toString(),
  });
  expect(await page.text()).toContain('Payment approved');
}

async function withdrawTo(p: Player, fields: Record<string, string>, method = 'bank_transfer', currency = 'EUR') {
  const amount = currency === 'EUR' ? 25 : 0.1;
  const res = await call(p, 'POST', '/api/payment/invoices/withdrawal', { method, currency, amount, fields });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** A verified identity: the name and birth date on the profile, and an identity document an operator approved. */
async function verifiedAs(p: Player, identity: { firstName: string; lastName: string; birthdate: string }) {
  await server.ctx.db.update(players).set(identity).where(eq(players.id, p.id));
  await server.ctx.db.insert(playerDocuments).values({
    playerId: p.id,
    type: 'identity_front',
    status: 2,
    fileName: 'passport.jpg',
    mimeType: 'image/jpeg',
    size: 1000,
  });
}

const linksOf = async (p: Player) =>
  Object.fromEntries((await linkedPlayers(server.ctx.db, p.id)).map((l) => [l.playerId, l.reasons]));

describe('linked accounts', () => {
  it('accounts signed up or in from one browser are linked by it; another browser is not', async () => {
    const first = await signUp();
    const second = await signUp(first.cookie);
    const elsewhere = await signUp();
    // Signing in from the first browser links a third account too.
    const third = await signUp();
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      payload: { login: third.email, password: 'secret-pass' },
      headers: { cookie: first.cookie },
      remoteAddress: freshAddress(),
    });
    expect(signedIn.statusCode).toBe(200);
    const links = await linksOf(first);
    expect(Object.keys(links).sort()).toEqual([second.id, third.id].sort());
    expect(links[second.id]).toEqual([{ kind: 'device', detail: 'same browser' }]);
    expect(await linksOf(elsewhere)).toEqual({});
  });

  it('accounts that paid with one card are linked by its fingerprint, never by its number', async () => {
    const a = await signUp();
    const b = await signUp();
    const other = await signUp();
    await depositByCard(a, '4242424242424242');
    await depositByCard(b, '4242 4242 4242 4242');
    await depositByCard(other, '5555555555554444');
    expect((await linksOf(a))[b.id]).toEqual([{ kind: 'card', detail: '••4242' }]);
    expect((await linksOf(other))[a.id]).toBeUndefined();
    const stored = await rowsOf<{ fingerprint: string; label: string }>(
      server.ctx.db,
      sql`select fingerprint, label from player_instruments where player_id = ${a.id}::uuid`,
    );
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it('accounts that asked payouts to one IBAN or crypto address are linked', async () => {
    const a = await signUp();
    const b = await signUp();
    for (const p of [a, b]) await opsCall(server, 'credit', { player: p.email, amount: '50', currency: 'EUR' });
    await withdrawTo(a, { iban: 'DE89 3704 0044 0532 0130 00' });
    await withdrawTo(b, { iban: 'DE89370400440532013000' });
    expect((await linksOf(a))[b.id]).toEqual([{ kind: 'iban', detail: 'DE89 ••3000' }]);

    const c = await signUp();
    const d = await signUp();
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    for (const p of [c, d]) await opsCall(server, 'credit', { player: p.email, amount: '1', currency: 'ETH' });
    await withdrawTo(c, { crypto_network: 'erc20', address }, 'crypto', 'ETH');
    await withdrawTo(d, { crypto_network: 'erc20', address: address.toLowerCase() }, 'crypto', 'ETH');
    expect((await linksOf(c))[d.id]).toEqual([{ kind: 'crypto', detail: 'erc20 0x5290…9ee7' }]);
  });

  it('two verified identities with one name and birth date are linked; an unverified one is not', async () => {
    const who = { firstName: 'Ana Maria', lastName: `Silva-${randomUUID().slice(0, 6)}`, birthdate: '1990-04-12' };
    const a = await signUp();
    const b = await signUp();
    const unverified = await signUp();
    await verifiedAs(a, who);
    await verifiedAs(b, { ...who, firstName: '  ana   MARIA ' });
    await server.ctx.db.update(players).set(who).where(eq(players.id, unverified.id));
    const links = await linksOf(a);
    expect(links[b.id]).toEqual([{ kind: 'identity', detail: 'same verified name and birth date' }]);
    expect(links[unverified.id]).toBeUndefined();
  });

  it('`ops player links` lists each linked account with every reason', async () => {
    const a = await signUp();
    const b = await signUp(a.cookie);
    await depositByCard(a, '4242424242424242');
    await depositByCard(b, '4242424242424242');
    const res = await opsCall(server, 'player', { action: 'links', player: a.email });
    expect(res.statusCode, res.body).toBe(200);
    const text = res.json().data.message as string;
    expect(text).toMatch(new RegExp(`^${a.email}: \\d+ linked accounts?`));
    expect(text).toContain(`${b.email}  device: same browser; card: ••4242`);
    const lonely = await signUp();
    expect((await opsCall(server, 'player', { action: 'links', player: lonely.email })).json().data.message).toBe(
      `${lonely.email} has no linked accounts.`,
    );
  });
});

describe('a bonus that is one per person', () => {
  async function definition(overrides: Partial<BonusDefinitionSource> = {}) {
    return createDefinition(
      server.ctx.db,
      bonusDefinitionInputSchema.parse({
        name: `No-deposit ${randomUUID().slice(0, 8)}`,
        amounts: { EUR: 500 },
        wagerMultiplier: 3,
        maxBet: {},
        maxConversion: {},
        contributions: { slots: 100 },
        excludedGames: [],
        activationDays: 7,
        wageringDays: 7,
        promotional: false,
        ...overrides,
      }),
      async () => null,
    );
  }
  const typeCode = (p: Player, bonusCode: string) =>
    call(p, 'POST', '/api/game/bonuses/bonuscodes', { bonusCode, trigger: 1 });
  const bonusesOf = (p: Player) => server.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, p.id));

  /** The ledger proves the account: its entries sum to its balances, real and bonus apart. */
  async function audit(p: Player) {
    const [account] = await server.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.playerId, p.id));
    const [sums] = await rowsOf<{ real: string; bonus: string }>(
      server.ctx.db,
      sql`select coalesce(sum(real_delta), 0)::text as real, coalesce(sum(bonus_delta), 0)::text as bonus
            from ledger_entries where account_id = ${account!.id}::uuid`,
    );
    expect(BigInt(sums!.real)).toBe(account!.realBalance);
    expect(BigInt(sums!.bonus)).toBe(account!.bonusBalance);
    return { real: account!.realBalance, bonus: account!.bonusBalance };
  }

  it('is refused to the second account of one browser, with why; an account elsewhere gets it', async () => {
    const def = await definition({ onePerPerson: true });
    const code = `ONE${randomUUID().slice(0, 6).toUpperCase()}`;
    await createCode(server.ctx.db, { code, definition: def.name, maxUsesPerPlayer: 1 });
    const first = await signUp();
    const second = await signUp(first.cookie);
    const stranger = await signUp();

    const used = await typeCode(first, code);
    expect(used.json.data).toMatchObject({ status: BonusCodeStatus.used });
    const refused = await typeCode(second, code);
    expect(refused.status).toBe(200);
    expect(refused.json.data).toMatchObject({ status: BonusCodeStatus.notAvailable, reason: 'one_per_person' });
    expect((await typeCode(stranger, code)).json.data).toMatchObject({ status: BonusCodeStatus.used });
    // The player who used it is told they did.
    expect((await typeCode(first, code)).json.data).toMatchObject({
      status: BonusCodeStatus.notAvailable,
      reason: 'already_used',
    });

    expect(await bonusesOf(first)).toHaveLength(1);
    expect(await bonusesOf(second)).toHaveLength(0);
    expect(await bonusesOf(stranger)).toHaveLength(1);
    // Activated, the bonus is on the ledger: exactly once per person.
    for (const p of [first, stranger]) {
      const [bonus] = await bonusesOf(p);
      expect((await call(p, 'PUT', `/api/game/player-bonuses/${bonus!.id}/activate`)).status).toBe(200);
      expect(await audit(p)).toEqual({ real: 0n, bonus: 500n });
    }
    expect(await audit(second)).toEqual({ real: 0n, bonus: 0n });
    const [use] = await server.ctx.db.select().from(playerBonusCodes).where(eq(playerBonusCodes.playerId, second.id));
    expect(use).toMatchObject({ status: BonusCodeStatus.notAvailable, reason: 'one_per_person' });
  });

  it('linked accounts racing for it, each with a code of its own, get one between them', async () => {
    const def = await definition({ onePerPerson: true });
    const first = await signUp();
    const family = [first, ...(await Promise.all(Array.from({ length: 5 }, () => signUp(first.cookie))))];
    const codes = await Promise.all(
      family.map(async (_, i) => {
        const code = `RACE${i}${randomUUID().slice(0, 6).toUpperCase()}`;
        await createCode(server.ctx.db, { code, definition: def.name, maxUsesPerPlayer: 1 });
        return code;
      }),
    );
    const answers = await Promise.all(family.map((p, i) => typeCode(p, codes[i]!)));
    expect(answers.filter((a) => a.json.data.status === BonusCodeStatus.used)).toHaveLength(1);
    expect(answers.filter((a) => a.json.data.reason === 'one_per_person')).toHaveLength(family.length - 1);
    const given = await rowsOf<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from player_bonuses where definition_id = ${def.id}::uuid`,
    );
    expect(given[0]!.n).toBe(1);
  });

  it('an ordinary definition is given to each linked account (the rule is the definition’s choice)', async () => {
    const def = await definition();
    const code = `EACH${randomUUID().slice(0, 6).toUpperCase()}`;
    await createCode(server.ctx.db, { code, definition: def.name, maxUsesPerPlayer: 1 });
    const first = await signUp();
    const second = await signUp(first.cookie);
    expect((await typeCode(first, code)).json.data.status).toBe(BonusCodeStatus.used);
    expect((await typeCode(second, code)).json.data.status).toBe(BonusCodeStatus.used);
  });

  it('an operator issuing it to a linked account is refused with the rule', async () => {
    const def = await definition({ onePerPerson: true });
    const first = await signUp();
    const second = await signUp(first.cookie);
    const issue = (p: Player) =>
      opsCall(server, 'bonus', { action: 'issue', player: p.email, name: def.name, currency: 'EUR' });
    expect((await issue(first)).statusCode).toBe(200);
    const refused = await issue(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/one per person/);
  });
});
