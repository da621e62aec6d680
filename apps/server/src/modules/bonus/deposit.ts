import {
  BASE_CURRENCY,
  httpStatusOf,
  toMajor,
  type BonusDefinition,
  type DepositBonusStatus,
  type EventMap,
} from '@casino/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { DomainError, unprocessable } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue, type OutboxConsumers } from '../../outbox/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { currencyByCode, subunitOf, toBaseMinor } from '../settings/index.ts';
import { issueOffer } from './offer.ts';
import { definitionTerms, labelsFor } from './terms.ts';
import { triggerRange } from './trigger.ts';

export { triggerRange };
import { DEFAULT_BONUS_RULES, type BonusRules } from './service.ts';
import { claimedByPerson, ONE_PER_PERSON_MESSAGE } from './one-per-person.ts';
import { bonusDefinitions, bonusPackages, playerBonuses, playerFreespins } from './tables.ts';

/**
 * Deposit bonuses: the definitions with trigger conditions. The deposit form offers those a deposit of
 * its amount triggers; the player's choice rides on the invoice (payment module) and is issued by the
 * consumer below once the deposit succeeds — once per invoice (the unique `invoice_id` indexes), and a
 * package's bonus once per player, in the package's priority order.
 */

type DefinitionRow = typeof bonusDefinitions.$inferSelect;

/** Whether a deposit of `amountMinor` triggers it (a base-currency range is compared in the base currency). */
function triggers(definition: DefinitionRow, currency: string, amountMinor: bigint): boolean {
  const trigger = definition.triggerConditions;
  if (!trigger) return false;
  const item = trigger.invoiceAmountItems.find((i) => i.currency === currency);
  if (item)
    return amountMinor >= BigInt(item.amountFrom) && (item.amountTo == null || amountMinor <= BigInt(item.amountTo));
  const base = toBaseMinor(amountMinor, currency);
  if (base === null || (trigger.baseCurrencyInvoiceAmountFrom === null && trigger.baseCurrencyInvoiceAmountTo === null))
    return false;
  return (
    base >= BigInt(trigger.baseCurrencyInvoiceAmountFrom ?? 0) &&
    (trigger.baseCurrencyInvoiceAmountTo === null || base <= BigInt(trigger.baseCurrencyInvoiceAmountTo))
  );
}

/** Whether the definition can give anything in `currency`: its fixed amount, its currencies, or a spin's stake. */
function givesIn(definition: DefinitionRow, currency: string): boolean {
  if (definition.type === 1) return (definition.amounts[currency] ?? 0) > 0;
  if (definition.type === 2) return definition.depositPercentage !== null && currency in definition.amounts;
  return definition.freespinCount !== null && (definition.freespinStakes[currency] ?? 0) > 0;
}

/** A type-2 bonus's amount for a deposit: the percentage, rounded down, capped in the currency. */
export function percentageAmount(definition: DefinitionRow, currency: string, depositMinor: bigint): bigint {
  const share = (depositMinor * BigInt(definition.depositPercentage ?? 0)) / 100n;
  const cap = definition.maxAmounts[currency];
  return cap === undefined ? share : share < BigInt(cap) ? share : BigInt(cap);
}

const available = (definition: DefinitionRow, now: Date) =>
  definition.enabled &&
  definition.triggerConditions !== null &&
  (!definition.availableFrom || definition.availableFrom <= now) &&
  (!definition.availableTo || definition.availableTo > now);

/** The definitions the player has ever been given (bonus or free spins), of those named. */
async function takenOf(db: DbOrTx, playerId: string, definitionIds: string[]): Promise<Set<string>> {
  if (!definitionIds.length) return new Set();
  const [bonuses, spins] = await Promise.all([
    db
      .selectDistinct({ id: playerBonuses.definitionId })
      .from(playerBonuses)
      .where(and(eq(playerBonuses.playerId, playerId), inArray(playerBonuses.definitionId, definitionIds))),
    db
      .selectDistinct({ id: playerFreespins.definitionId })
      .from(playerFreespins)
      .where(and(eq(playerFreespins.playerId, playerId), inArray(playerFreespins.definitionId, definitionIds))),
  ]);
  return new Set([...bonuses, ...spins].map((r) => r.id));
}

/**
 * The deposit bonuses a player may choose now in `currency`: available, giving something in it, with a
 * trigger in it; of a package, only what the player has not had, and of that only the next step (the
 * lowest priority left). Self-excluded or cooling-off players are offered nothing.
 */
async function choosable(
  db: DbOrTx,
  playerId: string,
  currency: string,
  now: Date,
  everyStep = false,
): Promise<DefinitionRow[]> {
  if (await activeExclusion(db, playerId, now)) return [];
  let rows = (
    await db
      .select()
      .from(bonusDefinitions)
      .where(and(eq(bonusDefinitions.enabled, true), isNotNull(bonusDefinitions.triggerConditions)))
  ).filter((d) => available(d, now) && givesIn(d, currency) && triggerRange(d, currency) !== null);
  // One per person: not offered once the player or a linked account had it.
  const single = rows.filter((d) => d.onePerPerson).map((d) => d.id);
  const claimed = await claimedByPerson(db, playerId, single);
  if (claimed.size > 0) rows = rows.filter((d) => !claimed.has(d.id));
  const packaged = rows.filter((d) => d.packageId !== null);
  const taken = await takenOf(
    db,
    playerId,
    packaged.map((d) => d.id),
  );
  const next = new Map<string, number>();
  for (const d of packaged)
    if (!taken.has(d.id))
      next.set(d.packageId!, Math.min(next.get(d.packageId!) ?? d.packagePriority, d.packagePriority));
  return (
    rows
      .filter(
        (d) => d.packageId === null || everyStep || (!taken.has(d.id) && next.get(d.packageId) === d.packagePriority),
      )
      // A package's step first (the welcome offer leads), then the rest by name.
      .sort(
        (a, b) =>
          Number(a.packageId === null) - Number(b.packageId === null) ||
          a.packagePriority - b.packagePriority ||
          a.name.localeCompare(b.name),
      )
  );
}

const amountItems = (amounts: Record<string, number>, only?: string) =>
  Object.entries(amounts)
    .filter(([code, amount]) => amount > 0 && (!only || code === only) && currencyByCode(code))
    .map(([code, amount]) => ({ amount: toMajor(BigInt(amount), subunitOf(code)), currency: code }));

/** The wire definition (major units); the asked currency's trigger item is always there. */
function wireDefinition(row: DefinitionRow, currency: string, packages: Map<string, string>): BonusDefinition {
  const trigger = row.triggerConditions ?? {
    invoiceAmountItems: [],
    baseCurrencyInvoiceAmountFrom: null,
    baseCurrencyInvoiceAmountTo: null,
  };
  const baseScale = subunitOf(BASE_CURRENCY);
  const items = trigger.invoiceAmountItems
    .filter((i) => currencyByCode(i.currency))
    .map((i) => ({
      currency: i.currency,
      amountFrom: toMajor(BigInt(i.amountFrom), subunitOf(i.currency)),
      amountTo: i.amountTo == null ? null : toMajor(BigInt(i.amountTo), subunitOf(i.currency)),
    }));
  const range = triggerRange(row, currency);
  if (range && !items.some((i) => i.currency === currency)) {
    const scale = subunitOf(currency);
    items.push({
      currency,
      amountFrom: toMajor(range.from, scale),
      amountTo: range.to === null ? null : toMajor(range.to, scale),
    });
  }
  const assign: BonusDefinition['assignConditions'] = {};
  if (row.type === 1) assign.amountItems = amountItems(row.amounts);
  if (row.type === 2) {
    assign.depositPercentage = row.depositPercentage ?? 0;
    assign.maxAmountItems = amountItems(row.maxAmounts);
  }
  if (row.type === 3 && row.freespinGameId) {
    assign.gameId = row.freespinGameId;
    assign.presets = Object.entries(row.freespinStakes)
      .filter(([code]) => currencyByCode(code))
      .map(([code, stake]) => ({
        id: `${row.id}:${code}`,
        currency: code,
        name: row.name,
        originalCurrency: code,
        price: toMajor(BigInt(stake), subunitOf(code)),
        quantity: row.freespinCount ?? 0,
      }));
  }
  return {
    id: row.id,
    name: row.name,
    status: row.enabled ? 1 : 2,
    type: row.type as 1 | 2 | 3,
    wagerCasino: row.wagerMultiplier,
    wagerSportsbook: 0,
    baseCurrencyMaxWinAmount: null,
    maxWinAmountItems: amountItems(row.maxConversion),
    assignConditions: assign,
    triggerConditions: {
      baseCurrencyInvoiceAmountFrom:
        trigger.baseCurrencyInvoiceAmountFrom === null
          ? null
          : toMajor(BigInt(trigger.baseCurrencyInvoiceAmountFrom), baseScale),
      baseCurrencyInvoiceAmountTo:
        trigger.baseCurrencyInvoiceAmountTo === null
          ? null
          : toMajor(BigInt(trigger.baseCurrencyInvoiceAmountTo), baseScale),
      invoiceAmountItems: items,
      ...(row.availableFrom ? { availableFrom: row.availableFrom.toISOString() } : {}),
      ...(row.availableTo ? { availableTo: row.availableTo.toISOString() } : {}),
    },
    package: row.packageId ? { id: row.packageId, name: packages.get(row.packageId) ?? '' } : null,
    packagePriority: row.packagePriority,
  };
}

async function packageNames(db: DbOrTx, rows: DefinitionRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.packageId).filter((id): id is string => id !== null))];
  if (!ids.length) return new Map();
  const found = await db.select().from(bonusPackages).where(inArray(bonusPackages.id, ids));
  return new Map(found.map((p) => [p.id, p.name]));
}

/**
 * `GET /api/game/bonuses?currency&amount`: the deposit bonuses a deposit of `amountMinor` would trigger,
 * or (without an amount) every one the player may choose in the currency, with its range.
 */
export async function depositOffers(
  db: DbOrTx,
  input: {
    playerId: string;
    currency: string;
    amountMinor?: bigint;
    skipCondition?: boolean;
    now?: Date;
    rules?: BonusRules;
  },
): Promise<BonusDefinition[]> {
  const now = input.now ?? new Date();
  if (!currencyByCode(input.currency)) return [];
  let rows = await choosable(db, input.playerId, input.currency, now, input.skipCondition);
  if (input.amountMinor !== undefined) rows = rows.filter((d) => triggers(d, input.currency, input.amountMinor!));
  const [packages, labels] = await Promise.all([packageNames(db, rows), labelsFor(db, rows)]);
  const rules = input.rules ?? DEFAULT_BONUS_RULES;
  // Each offer carries its name per locale and its full terms: the form shows them before the choice.
  return rows.map((row) => ({
    ...wireDefinition(row, input.currency, packages),
    names: row.names,
    terms: definitionTerms(row, input.currency, rules, labels),
  }));
}

const refuse = (message: string) => unprocessable(message, { bonusId: [message] });

/**
 * The payment module's check of a chosen bonus before it opens the invoice: 422 with the reason when
 * this deposit may not have it (unknown, disabled or not a deposit bonus, not in this currency, a
 * package bonus already had or not yet due, the amount outside its range, or the player excluded).
 * `amountMinor` null (a crypto address: the amount comes with the coins): all but the amount, which
 * `issueDepositBonus` checks against the amount paid.
 */
export async function assertDepositBonus(
  db: DbOrTx,
  input: { playerId: string; bonusId: string; currency: string; amountMinor: bigint | null; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const [definition] = isUuid(input.bonusId)
    ? await db.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, input.bonusId))
    : [];
  if (!definition || !available(definition, now)) throw refuse('This bonus is not available for deposits');
  if (!givesIn(definition, input.currency) || !triggerRange(definition, input.currency))
    throw refuse(`This bonus is not offered in ${input.currency}`);
  if (!(await choosable(db, input.playerId, input.currency, now)).some((d) => d.id === definition.id))
    throw refuse(
      definition.packageId && (await takenOf(db, input.playerId, [definition.id])).has(definition.id)
        ? 'You have had this bonus already'
        : definition.onePerPerson && (await claimedByPerson(db, input.playerId, [definition.id])).has(definition.id)
          ? ONE_PER_PERSON_MESSAGE
          : 'This bonus is not available to you now',
    );
  if (input.amountMinor !== null && !triggers(definition, input.currency, input.amountMinor)) {
    const range = triggerRange(definition, input.currency)!;
    const scale = subunitOf(input.currency);
    throw refuse(
      input.amountMinor < range.from
        ? `This bonus needs a deposit of at least ${toMajor(range.from, scale)} ${input.currency}`
        : `This bonus is for deposits up to ${toMajor(range.to ?? 0n, scale)} ${input.currency}`,
    );
  }
}

/**
 * `GET /api/game/bonuses/status`: each named definition's status and the player's latest bonus (or free
 * spins) of it (`issueStatus` 0: never had). Ids that name no definition are left out.
 */
export async function depositBonusStatuses(db: DbOrTx, playerId: string, ids: string[]): Promise<DepositBonusStatus[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (!wanted.length) return [];
  const definitions = await db
    .select({ id: bonusDefinitions.id, enabled: bonusDefinitions.enabled })
    .from(bonusDefinitions)
    .where(inArray(bonusDefinitions.id, wanted));
  const [bonuses, spins] = await Promise.all([
    db
      .select({ id: playerBonuses.definitionId, status: playerBonuses.status, at: playerBonuses.createdAt })
      .from(playerBonuses)
      .where(and(eq(playerBonuses.playerId, playerId), inArray(playerBonuses.definitionId, wanted)))
      .orderBy(desc(playerBonuses.createdAt)),
    db
      .select({ id: playerFreespins.definitionId, status: playerFreespins.status, at: playerFreespins.createdAt })
      .from(playerFreespins)
      .where(and(eq(playerFreespins.playerId, playerId), inArray(playerFreespins.definitionId, wanted)))
      .orderBy(desc(playerFreespins.createdAt)),
  ]);
  const latest = new Map<string, { status: number; at: Date }>();
  for (const row of [...bonuses, ...spins]) {
    const seen = latest.get(row.id);
    if (!seen || row.at > seen.at) latest.set(row.id, row);
  }
  const order = new Map(wanted.map((id, i) => [id, i]));
  return definitions
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((d) => ({ id: d.id, status: d.enabled ? 1 : 2, issueStatus: latest.get(d.id)?.status ?? 0 }));
}

/** What became of a paid deposit's chosen bonus (for the log and the tests). */
export type DepositBonusOutcome = 'issued' | 'already' | 'skipped';

/**
 * Issues the bonus chosen for a paid deposit, in the caller's transaction (the outbox lane's): once per
 * invoice (an existing row, or the unique index a racing writer hit, means done), a package bonus once
 * per player (checked under a lock of the player and definition), nothing to an excluded player or of a
 * definition disabled since. A refusal is final (the deposit stands, without a bonus); other errors
 * roll back and the lane retries.
 */
export async function issueDepositBonus(
  tx: Tx,
  notifyOutbox: () => void,
  rules: BonusRules,
  deposit: { playerId: string; invoiceId: string; currency: string; amountMinor: bigint; bonusId: string; now?: Date },
  log?: FastifyBaseLogger,
): Promise<DepositBonusOutcome> {
  const now = deposit.now ?? new Date();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonus-deposit:${deposit.playerId}`}))`);
  const [hadBonus] = await tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(eq(playerBonuses.invoiceId, deposit.invoiceId));
  const [hadSpins] = await tx
    .select({ id: playerFreespins.id })
    .from(playerFreespins)
    .where(eq(playerFreespins.invoiceId, deposit.invoiceId));
  if (hadBonus || hadSpins) return 'already';
  const [definition] = await tx.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, deposit.bonusId));
  const skip = (reason: string): DepositBonusOutcome => {
    log?.warn({ invoiceId: deposit.invoiceId, bonusId: deposit.bonusId, reason }, 'deposit bonus not issued');
    return 'skipped';
  };
  if (!definition || !definition.triggerConditions) return skip('not a deposit bonus');
  // The amount paid must trigger it: a crypto deposit's is known only now (a card's was checked up front).
  if (!triggers(definition, deposit.currency, deposit.amountMinor)) {
    const range = triggerRange(definition, deposit.currency);
    const below = !range || deposit.amountMinor < range.from;
    await enqueue(tx, 'bonus.deposit.missed', {
      playerId: deposit.playerId,
      name: definition.name,
      currency: deposit.currency,
      paid: deposit.amountMinor.toString(),
      reason: below ? 'below' : 'above',
      limit: ((below ? range?.from : range?.to) ?? 0n).toString(),
    });
    notifyOutbox();
    return skip(below ? 'paid below the minimum' : 'paid above the maximum');
  }
  if (definition.packageId && (await takenOf(tx, deposit.playerId, [definition.id])).has(definition.id))
    return skip('package bonus had already');
  const amountMinor =
    definition.type === 2 ? percentageAmount(definition, deposit.currency, deposit.amountMinor) : undefined;
  if (amountMinor !== undefined && amountMinor <= 0n) return skip('nothing to give');
  try {
    await issueOffer({ db: tx, notifyOutbox }, rules, {
      playerId: deposit.playerId,
      definition: definition.id,
      currency: deposit.currency,
      source: 'deposit',
      invoiceId: deposit.invoiceId,
      amountMinor,
      now,
    });
    return 'issued';
  } catch (error) {
    if (isUniqueViolation(error)) return 'already';
    if (error instanceof DomainError && httpStatusOf(error.code) < 500) return skip(error.message);
    throw error;
  }
}

/**
 * The lane that issues deposit bonuses: a paid deposit's event names the bonus chosen. At least once:
 * `issueDepositBonus` makes a repeat (a replayed webhook's, a retried batch's) do nothing.
 */
export function registerDepositBonusConsumer(
  consumers: OutboxConsumers,
  deps: { notifyOutbox: () => void; rules: BonusRules; log: FastifyBaseLogger },
): () => void {
  return consumers.register({
    name: 'bonus-deposits',
    startFrom: 'beginning',
    handlers: {
      'payment.deposit.updated': async ({ payload }: { payload: EventMap['payment.deposit.updated'] }, tx) => {
        if (!payload.bonusId || payload.state !== 'succeeded') return;
        await issueDepositBonus(
          tx,
          deps.notifyOutbox,
          deps.rules,
          {
            playerId: payload.playerId,
            invoiceId: payload.invoiceId,
            currency: payload.currency,
            amountMinor: BigInt(payload.amountMinor),
            bonusId: payload.bonusId,
          },
          deps.log,
        );
      },
    },
  });
}
