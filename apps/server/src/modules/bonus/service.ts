import {
  BonusStatus,
  ErrorCode,
  PlayerStatus,
  DEFAULT_MAX_WAGER_MULTIPLIER,
  DEFAULT_WAGER_CONTRIBUTIONS,
  pageMeta,
  toMajor,
  bonusDefinitionInputSchema,
  type BonusDefinitionInput,
  type BonusDefinitionSource,
  type EventMap,
  type PlayerBonus,
} from '@casino/contracts';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conflict, DomainError, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue, inBatches, noteEnqueued, withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { playerStatusIn } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { accountCurrency, accountIn, forgetAccountsOf, openAccount } from '../wallet/index.ts';
import { withNamesAndTerms } from './terms.ts';
import { bonusDefinitions, bonusPackages, playerBonuses, type PlayerBonusRow } from './tables.ts';

/** The rule of wagering an operator may not exceed (BONUS_MAX_WAGER; the UK cap by default). */
export type BonusRules = { maxWagerMultiplier: number };
export const DEFAULT_BONUS_RULES: BonusRules = { maxWagerMultiplier: DEFAULT_MAX_WAGER_MULTIPLIER };

type Ctx = UnitOfWorkContext;

/** A bonus definition from an operator's file; its name is its handle. */
export async function createDefinition(db: DbOrTx, input: BonusDefinitionInput, gameId: GameFinder) {
  const { freespins, cashback, package: pack, triggerConditions, availableFrom, availableTo, ...rest } = input;
  for (const code of [
    ...Object.keys(input.amounts),
    ...Object.keys(input.maxBet),
    ...Object.keys(input.maxConversion),
    ...Object.keys(input.maxAmounts),
    ...Object.keys(freespins?.stakes ?? {}),
    ...(triggerConditions?.invoiceAmountItems ?? []).map((item) => item.currency),
  ])
    accountCurrency(code);
  const known = async (game: string, field: string) => {
    const id = await gameId(game);
    if (!id) throw unprocessable(`Unknown game ${game}`, { [field]: [`Unknown game ${game}`] });
    return id;
  };
  const excluded: string[] = [];
  for (const game of input.excludedGames) excluded.push(await known(game, 'excludedGames'));
  if ((input.type === 2) !== (input.depositPercentage !== undefined))
    throw unprocessable('A deposit-percentage bonus (type 2) and only it names depositPercentage', {
      depositPercentage: ['Type 2 only, and required for it'],
    });
  if ((input.type === 3) !== (freespins !== undefined))
    throw unprocessable('A free-spins bonus (type 3) and only it names freespins', {
      freespins: ['Type 3 only, and required for it'],
    });
  let packageId: string | null = null;
  if (pack) {
    await db.insert(bonusPackages).values({ name: pack.name }).onConflictDoNothing({ target: bonusPackages.name });
    const [found] = await db
      .select({ id: bonusPackages.id })
      .from(bonusPackages)
      .where(eq(bonusPackages.name, pack.name));
    packageId = found!.id;
  }
  const [row] = await db
    .insert(bonusDefinitions)
    .values({
      ...rest,
      excludedGames: excluded,
      triggerConditions: triggerConditions ?? null,
      freespinCount: freespins?.count ?? null,
      freespinGameId: freespins ? await known(freespins.game, 'freespins') : null,
      freespinStakes: freespins?.stakes ?? {},
      cashbackPercentage: cashback?.percentage ?? null,
      cashbackPeriod: cashback?.period ?? null,
      packageId,
      packagePriority: pack?.priority ?? 0,
      availableFrom: availableFrom ? new Date(availableFrom) : null,
      availableTo: availableTo ? new Date(availableTo) : null,
    })
    .onConflictDoNothing({ target: bonusDefinitions.name })
    .returning();
  if (!row) throw conflict(`A bonus named "${input.name}" exists already`);
  return row;
}

export const listDefinitions = (db: DbOrTx) => db.select().from(bonusDefinitions).orderBy(bonusDefinitions.createdAt);

export async function setDefinitionEnabled(db: DbOrTx, name: string, enabled: boolean) {
  const [row] = await db
    .update(bonusDefinitions)
    .set({ enabled })
    .where(eq(bonusDefinitions.name, name))
    .returning({ id: bonusDefinitions.id });
  if (!row) throw notFound(`No bonus named "${name}"`);
}

const minorOf = (amounts: Record<string, number>, currency: string) =>
  amounts[currency] === undefined ? null : BigInt(amounts[currency]);

/** What a bonus is issued for, beyond the definition's fixed amount. */
export type IssueInput = {
  playerId: string;
  /** The definition's name, or its id. */
  definition: string;
  currency: string;
  /** `ops`, `deposit`, `code`, `cashback`, `freespins`, `demo`. */
  source: string;
  now?: Date;
  /** The amount when the definition does not fix it (a share of a deposit, cashback, free-spin winnings). */
  amountMinor?: bigint;
  /** The deposit that triggered it (one bonus per invoice) or the code use that issued it. */
  invoiceId?: string;
  codeUseId?: string;
};

/** A definition by name or id (null when there is none). */
export async function definitionOf(db: DbOrTx, nameOrId: string) {
  const [definition] = await db
    .select()
    .from(bonusDefinitions)
    .where(isUuid(nameOrId) ? eq(bonusDefinitions.id, nameOrId) : eq(bonusDefinitions.name, nameOrId));
  return definition ?? null;
}

/**
 * A closed account gets no bonus nor free spins: money that still reaches it can only be withdrawn
 * (player/closure.ts).
 */
export async function assertNotClosed(db: DbOrTx, playerId: string): Promise<void> {
  if ((await playerStatusIn(db, playerId)) === PlayerStatus.closed)
    throw new DomainError(ErrorCode.accountClosed, 'This account is closed: no bonus can be issued');
}

/**
 * Issues a bonus of a definition to a player in `currency` (status 1: it waits for the player to
 * activate it). Nothing is issued to a player who is self-excluded or cooling off or closed the account,
 * or in a currency the definition does not offer. The account is opened if the player has none in that currency.
 */
export async function issueBonus(ctx: Ctx, rules: BonusRules, input: IssueInput): Promise<PlayerBonusRow> {
  const now = input.now ?? new Date();
  const currency = accountCurrency(input.currency).code;
  const definition = await definitionOf(ctx.db, input.definition);
  if (!definition) throw notFound(`No bonus named "${input.definition}"`);
  if (!definition.enabled) throw conflict(`The bonus "${definition.name}" is disabled`);
  const amount = input.amountMinor ?? minorOf(definition.amounts, currency);
  if (amount === null || amount <= 0n)
    throw unprocessable(`The bonus "${definition.name}" is not offered in ${currency}`, {
      currency: [`Not offered in ${currency}`],
    });
  if (await activeExclusion(ctx.db, input.playerId, now))
    throw new DomainError(409, 'The player is excluded from play: no bonus can be issued');
  await assertNotClosed(ctx.db, input.playerId);
  const account =
    (await accountIn(ctx.db, input.playerId, currency)) ?? (await openAccount(ctx.db, input.playerId, currency));
  const multiplier = Math.min(definition.wagerMultiplier, rules.maxWagerMultiplier);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(playerBonuses)
      .values({
        playerId: input.playerId,
        accountId: account.id,
        definitionId: definition.id,
        name: definition.name,
        currency,
        amountMinor: amount,
        wagerMultiplier: multiplier,
        wagerRequiredMinor: amount * BigInt(multiplier),
        maxBetMinor: minorOf(definition.maxBet, currency),
        maxConversionMinor: minorOf(definition.maxConversion, currency),
        contributions: definition.contributions,
        excludedGames: definition.excludedGames,
        wageringDays: definition.wageringDays,
        source: input.source,
        invoiceId: input.invoiceId,
        codeUseId: input.codeUseId,
        packageId: definition.packageId,
        packagePriority: definition.packagePriority,
        createdAt: now,
        activationExpiresAt: new Date(now.getTime() + definition.activationDays * 86_400_000),
      })
      .returning();
    await enqueue(tx, 'bonus.updated', eventOf(row!, 'issued'));
    return row!;
  });
}

function eventOf(row: PlayerBonusRow, change: EventMap['bonus.updated']['change']): EventMap['bonus.updated'] {
  return {
    change,
    playerId: row.playerId,
    bonusId: row.id,
    name: row.name,
    currency: row.currency,
    status: row.status,
    result: row.result,
    amount: row.amountMinor.toString(),
    progress: row.wagerProgressMinor.toString(),
    required: row.wagerRequiredMinor.toString(),
  };
}

/** Wagering progress in percent, two decimals (100 once met, and for a bonus without wagering). */
export function wagerPercentage(progress: bigint, required: bigint): number {
  if (required <= 0n) return 100;
  return Number((progress * 10_000n) / required) / 100;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The wire bonus (major units) of a row; `openRounds`: its rounds staked with bonus money still open. */
export function wireBonus(row: PlayerBonusRow, openRounds = 0): PlayerBonus {
  const subunit = subunitOf(row.currency);
  const major = (minor: bigint) => toMajor(minor, subunit);
  return {
    id: row.id,
    playerId: row.playerId,
    name: row.name,
    bonusType: 1,
    currency: row.currency,
    amount: major(row.amountMinor),
    status: row.status,
    result: row.result,
    createdAt: iso(row.createdAt)!,
    finishedAt: iso(row.finishedAt),
    activationExpiredAt: row.status === BonusStatus.issued ? iso(row.activationExpiresAt) : null,
    wageringExpiredAt: iso(row.wageringExpiresAt),
    maxBetAmount: row.maxBetMinor === null ? null : major(row.maxBetMinor),
    wagerCasino: row.wagerMultiplier,
    wagerSportsbook: 0,
    currentWagerPercentage: wagerPercentage(row.wagerProgressMinor, row.wagerRequiredMinor),
    currentWagerAmount: major(row.wagerProgressMinor),
    currentWagerCasinoAmount: major(row.wagerProgressMinor),
    currentWagerSportsbookAmount: 0,
    requiredWagerCasinoAmount: major(row.wagerRequiredMinor),
    requiredWagerSportsbookAmount: 0,
    openedTransactionsCount: openRounds,
    // Wagering has started on an active bonus: cancelling it (to withdraw) forfeits money played for.
    isBonusCancelLock: row.status === BonusStatus.active && row.wagerProgressMinor > 0n,
    packageId: row.packageId,
    packagePriority: row.packagePriority,
    issueSessionId: null,
  };
}

/** Open rounds staked with bonus money of an active bonus (the cancel-unsettled-bonus warning). */
async function openRoundsOf(db: DbOrTx, row: PlayerBonusRow): Promise<number> {
  if (row.status !== BonusStatus.active || !row.activatedAt) return 0;
  const [result] = await rowsOf<{ n: number }>(
    db,
    sql`select game_open_bonus_rounds(${row.id}::uuid, ${row.playerId}::uuid, ${row.accountId}::uuid, ${iso(row.activatedAt)}::timestamptz) as n`,
  );
  return Number(result?.n ?? 0);
}

/** A player's bonuses, newest first, filtered by status and currency. */
export async function listPlayerBonuses(
  db: DbOrTx,
  playerId: string,
  query: { page: number; perPage: number; status?: number[]; currency?: string[] },
) {
  const where: SQL[] = [eq(playerBonuses.playerId, playerId)];
  if (query.status?.length) where.push(inArray(playerBonuses.status, query.status as PlayerBonusRow['status'][]));
  if (query.currency?.length) where.push(inArray(playerBonuses.currency, query.currency));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerBonuses)
      .where(and(...where))
      .orderBy(asc(playerBonuses.status), desc(playerBonuses.createdAt))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: count() })
      .from(playerBonuses)
      .where(and(...where)),
  ]);
  const wire = await Promise.all(rows.map(async (row) => wireBonus(row, await openRoundsOf(db, row))));
  // Beyond the spec: each bonus's name per locale and the terms it was given with.
  const data = await withNamesAndTerms(db, rows, wire);
  return { data, meta: pageMeta(query.page, query.perPage, Number(total?.n ?? 0)) };
}

type Outcome = { outcome: string; bonus: PlayerBonusRow | null };

/** Runs bonus_activate or bonus_cancel (bonus/sql/bonus.sql) for the player; answers the bonus after. */
async function changeBonus(ctx: Ctx, fn: 'bonus_activate' | 'bonus_cancel', playerId: string, id: string, now: Date) {
  if (!isUuid(id)) throw notFound('Bonus not found');
  const { outcome, bonus } = await withTransaction(ctx, async (tx) => {
    const [row] = await rowsOf<{ outcome: string; id: string | null }>(
      tx,
      sql`select r.outcome, (r.bonus).id from ${sql.raw(fn)}(${id}::uuid, ${playerId}::uuid, ${now.toISOString()}::timestamptz) r`,
    );
    // Every outcome but these wrote the bonus's event (and a finished one its ledger entry).
    if (row && !['not_found', 'not_issued', 'finished'].includes(row.outcome)) noteEnqueued();
    const [found] = row?.id ? await tx.select().from(playerBonuses).where(eq(playerBonuses.id, row.id)) : [];
    return { outcome: row?.outcome ?? 'not_found', bonus: found ?? null } satisfies Outcome;
  });
  if (bonus) forgetAccountsOf(bonus.playerId);
  switch (outcome) {
    case 'activated':
    case 'cancelled':
      return wireBonus(bonus!);
    case 'not_found':
      throw notFound('Bonus not found');
    case 'not_issued':
      throw conflict('This bonus is not waiting for activation');
    case 'expired':
      throw conflict('This bonus expired before it was activated');
    case 'lapsed':
      throw conflict('This deposit bonus lapsed: its deposit was played before it was activated');
    case 'finished':
      throw conflict('This bonus has already ended');
    default:
      throw conflict('The bonus could not be activated: the balance would be too large');
  }
}

/** The player activates an issued bonus (an active one of the account is cancelled first). */
export const activateBonus = (ctx: Ctx, playerId: string, id: string, now = new Date()) =>
  changeBonus(ctx, 'bonus_activate', playerId, id, now);

/** The player cancels a bonus: an active one forfeits its bonus money. */
export const cancelBonus = (ctx: Ctx, playerId: string, id: string, now = new Date()) =>
  changeBonus(ctx, 'bonus_cancel', playerId, id, now);

/**
 * Runs an expiry function of bonus.sql or freespins.sql (`fn(now, batch)` answering how many it ended)
 * in batches of its own transaction each, until one ends fewer than a batch; answers how many ended.
 */
export async function expireInBatches(
  ctx: Ctx,
  fn: 'bonus_expire_due' | 'bonus_freespin_expire_due',
  now = new Date(),
  batch = 100,
): Promise<number> {
  return inBatches(ctx, batch, async (tx) => {
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`select ${sql.raw(fn)}(${now.toISOString()}::timestamptz, ${batch}) as n`,
    );
    const ended = Number(row?.n ?? 0);
    if (ended > 0) noteEnqueued();
    return ended;
  });
}

/** Ends the bonuses time has ended (bonus_expire_due); answers how many ended. */
export const expireDueBonuses = (ctx: Ctx, now = new Date(), batch = 100) =>
  expireInBatches(ctx, 'bonus_expire_due', now, batch);

/** The demo's bonuses (SEED_DEMO): a welcome bonus and a reload, in the demo's currencies. */
const DEMO_DEFINITIONS: BonusDefinitionSource[] = [
  {
    name: 'Welcome bonus',
    names: { de: 'Willkommensbonus', 'pt-br': 'Bônus de boas-vindas' },
    amounts: { EUR: 2_000, USD: 2_000 },
    wagerMultiplier: 10,
    maxBet: { EUR: 500, USD: 500 },
    maxConversion: {},
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: 30,
    wageringDays: 30,
  },
  {
    name: 'Weekend reload',
    names: { de: 'Wochenend-Reload', 'pt-br': 'Recarga de fim de semana' },
    amounts: { EUR: 1_000, USD: 1_000 },
    wagerMultiplier: 5,
    maxBet: { EUR: 300, USD: 300 },
    maxConversion: { EUR: 5_000, USD: 5_000 },
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: 14,
    wageringDays: 7,
  },
  {
    // Free spins: 10 spins at €/$0.20 on a demo slot; their winnings are a bonus wagered ×5.
    name: 'Starter spins',
    names: { de: 'Start-Freispiele', 'pt-br': 'Giros iniciais' },
    type: 3,
    amounts: { EUR: 0, USD: 0 },
    freespins: { count: 10, game: 'sol-dorado-juegos-fortuna-magica', stakes: { EUR: 20, USD: 20 } },
    wagerMultiplier: 5,
    maxBet: { EUR: 500, USD: 500 },
    maxConversion: {},
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: 14,
    wageringDays: 7,
  },
  {
    // Cashback: 10 % of each week's net real-money losses (paid Mondays), capped, wagered ×1.
    name: 'Weekly cashback',
    names: { de: 'Wöchentliches Cashback', 'pt-br': 'Cashback semanal' },
    amounts: { EUR: 0, USD: 0 },
    maxAmounts: { EUR: 50_000, USD: 50_000 },
    cashback: { percentage: 10, period: 'week' },
    wagerMultiplier: 1,
    maxBet: { EUR: 500, USD: 500 },
    maxConversion: {},
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: 14,
    wageringDays: 14,
  },
  // The welcome package (bonus/deposit.ts): three deposit bonuses, then free spins, each once, in order;
  // "up to 5000 mBTC" (1000 + 1500 + 2500) or €2000 "plus 300 free spins". From €20 (base currency).
  ...welcomePackage(),
  {
    name: 'Reload 25%',
    names: { de: 'Reload 25 %', 'pt-br': 'Recarga 25%' },
    type: 2,
    amounts: { EUR: 0, USD: 0 },
    depositPercentage: 25,
    maxAmounts: { EUR: 10_000, USD: 10_000 },
    triggerConditions: {
      invoiceAmountItems: [
        { currency: 'EUR', amountFrom: 2_000 },
        { currency: 'USD', amountFrom: 2_000 },
      ],
    },
    wagerMultiplier: 5,
    maxBet: { EUR: 500, USD: 500 },
    maxConversion: {},
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: 14,
    wageringDays: 14,
  },
];

/** The demo's welcome package: caps per step in EUR/USD cents and BTC satoshi. */
function welcomePackage(): BonusDefinitionSource[] {
  const pack = { name: 'Welcome package' };
  const from = { baseCurrencyInvoiceAmountFrom: 2_000 };
  const rule = {
    maxBet: { EUR: 500, USD: 500, BTC: 10_000 },
    maxConversion: {},
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: 30,
    wageringDays: 30,
  };
  const step = (
    priority: number,
    name: string,
    names: Record<string, string>,
    percentage: number,
    eur: number,
    btc: number,
  ) => ({
    name,
    names,
    type: 2 as const,
    amounts: { EUR: 0, USD: 0, BTC: 0 },
    depositPercentage: percentage,
    maxAmounts: { EUR: eur, USD: eur, BTC: btc },
    triggerConditions: from,
    package: { ...pack, priority },
    wagerMultiplier: 10,
    ...rule,
  });
  return [
    step(
      1,
      'Welcome 1st deposit 100%',
      { de: 'Willkommen: 1. Einzahlung 100 %', 'pt-br': 'Boas-vindas: 1º depósito 100%' },
      100,
      50_000,
      100_000_000,
    ),
    step(
      2,
      'Welcome 2nd deposit 50%',
      { de: 'Willkommen: 2. Einzahlung 50 %', 'pt-br': 'Boas-vindas: 2º depósito 50%' },
      50,
      50_000,
      150_000_000,
    ),
    step(
      3,
      'Welcome 3rd deposit 50%',
      { de: 'Willkommen: 3. Einzahlung 50 %', 'pt-br': 'Boas-vindas: 3º depósito 50%' },
      50,
      100_000,
      250_000_000,
    ),
    {
      name: 'Welcome 300 free spins',
      names: { de: 'Willkommen: 300 Freispiele', 'pt-br': 'Boas-vindas: 300 giros grátis' },
      type: 3,
      amounts: { EUR: 0, USD: 0, BTC: 0 },
      freespins: { count: 300, game: 'sol-dorado-juegos-fortuna-magica', stakes: { EUR: 20, USD: 20, BTC: 400 } },
      triggerConditions: from,
      package: { ...pack, priority: 4 },
      wagerMultiplier: 10,
      ...rule,
    },
  ];
}

/** Finds a game by id or identity (the game module's, passed in by the caller). */
export type GameFinder = (idOrIdentity: string) => Promise<string | null>;

/** Adds the demo's bonus definitions that are missing, and gives the demo player the welcome bonus once. */
export async function seedDemoBonuses(
  ctx: Ctx,
  rules: BonusRules,
  playerId: string,
  gameId: GameFinder,
): Promise<void> {
  for (const source of DEMO_DEFINITIONS) {
    const found = await definitionOf(ctx.db, source.name);
    if (!found) await createDefinition(ctx.db, bonusDefinitionInputSchema.parse(source), gameId);
    // A demo made before definitions had names per locale gets them once (an operator's own stay as they are).
    else if (Object.keys(found.names).length === 0 && source.names)
      await ctx.db.update(bonusDefinitions).set({ names: source.names }).where(eq(bonusDefinitions.id, found.id));
  }
  const [given] = await ctx.db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(eq(playerBonuses.playerId, playerId))
    .limit(1);
  if (!given) await issueBonus(ctx, rules, { playerId, definition: 'Welcome bonus', currency: 'EUR', source: 'demo' });
}
