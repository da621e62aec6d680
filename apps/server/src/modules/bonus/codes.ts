import {
  BONUS_CODE_GUESS_LIMITS,
  bonusDefinitionInputSchema,
  DEFAULT_WAGER_CONTRIBUTIONS,
  type BonusDefinitionSource,
  BONUS_CODE_PATTERN,
  BonusCodeStatus,
  BonusCodeTrigger,
  Channel,
  ErrorCode,
  PushEvent,
  type BonusCode,
  type BonusCodeRefusal,
  type EventMap,
} from '@casino/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { atomic } from '../../db/atomic.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AttemptCounter } from '../../lib/attempts.ts';
import { conflict, DomainError, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  enqueue,
  joinedUnitOfWork,
  withTransaction,
  type OutboxConsumers,
  type UnitOfWorkContext,
} from '../../outbox/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { playerHome } from '../player/index.ts';
import { playableAccount } from '../wallet/index.ts';
import { issueOffer } from './offer.ts';
import { claimedByPerson, isOnePerPersonRefusal } from './one-per-person.ts';
import { createDefinition, definitionOf, type BonusRules } from './service.ts';
import { bonusCodes, playerBonusCodes } from './tables.ts';

type Ctx = UnitOfWorkContext;
type CodeRow = typeof bonusCodes.$inferSelect;
type UseRow = typeof playerBonusCodes.$inferSelect;

/** The wire shape of a code use (the spec's `BonusCode`). */
export function wireCode(row: UseRow): BonusCode {
  return {
    id: row.id,
    playerId: row.playerId,
    bonusCode: row.bonusCode,
    trigger: row.trigger,
    status: row.status,
    result: row.result,
    ...(row.reason ? { reason: row.reason } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an operator may set on a code (`npm run ops -- bonus code create`). */
export type CodeInput = {
  code: string;
  /** The definition's name or id. */
  definition: string;
  maxUses?: number | null;
  maxUsesPerPlayer?: number;
  currencies?: string[];
  countries?: string[];
  availableFrom?: string | null;
  availableTo?: string | null;
};

/** A new code (stored upper-case); 409 when one of that text exists. */
export async function createCode(db: DbOrTx, input: CodeInput): Promise<CodeRow> {
  const code = input.code.trim().toUpperCase();
  if (!BONUS_CODE_PATTERN.test(code))
    throw unprocessable('A bonus code is 1 to 40 letters, digits, "-" or "_"', { code: ['Not a valid code'] });
  const definition = await definitionOf(db, input.definition);
  if (!definition) throw notFound(`No bonus named "${input.definition}"`);
  const [row] = await db
    .insert(bonusCodes)
    .values({
      code,
      definitionId: definition.id,
      maxUses: input.maxUses ?? null,
      maxUsesPerPlayer: input.maxUsesPerPlayer ?? 1,
      currencies: (input.currencies ?? []).map((c) => c.trim().toUpperCase()),
      countries: (input.countries ?? []).map((c) => c.trim().toUpperCase()),
      availableFrom: input.availableFrom ? new Date(input.availableFrom) : null,
      availableTo: input.availableTo ? new Date(input.availableTo) : null,
    })
    .onConflictDoNothing({ target: bonusCodes.code })
    .returning();
  if (!row) throw conflict(`The code ${code} exists already`);
  return row;
}

/** Every code with its definition's name, oldest first. */
export async function listCodes(db: DbOrTx) {
  const rows = await db.select().from(bonusCodes).orderBy(asc(bonusCodes.createdAt));
  return Promise.all(
    rows.map(async (row) => ({ ...row, definitionName: (await definitionOf(db, row.definitionId))?.name ?? '?' })),
  );
}

/** The player's code uses of a trigger, newest first (the last 20). */
export async function playerCodes(db: DbOrTx, playerId: string, trigger: number): Promise<BonusCode[]> {
  const rows = await db
    .select()
    .from(playerBonusCodes)
    .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.trigger, trigger)))
    .orderBy(desc(playerBonusCodes.createdAt))
    .limit(20);
  return rows.map(wireCode);
}

async function record(tx: DbOrTx, values: typeof playerBonusCodes.$inferInsert): Promise<UseRow> {
  const [row] = await tx.insert(playerBonusCodes).values(values).returning();
  await enqueue(tx, 'bonus.code.updated', { playerId: row!.playerId, code: wireCode(row!) });
  return row!;
}

/** Why a code is not available to this player now, or null when it is. */
function unavailable(code: CodeRow, home: { country: string | null }, currency: string | null, now: Date) {
  if (!code.enabled) return 'disabled';
  if (code.availableFrom && now < code.availableFrom) return 'not yet';
  if (code.availableTo && now > code.availableTo) return 'ended';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used up';
  if (code.countries.length > 0 && !(home.country && code.countries.includes(home.country))) return 'country';
  if (currency !== null && code.currencies.length > 0 && !code.currencies.includes(currency)) return 'currency';
  return null;
}

/** The amount of a definition that is a share of the deposit (type 2), capped per currency; undefined for fixed ones. */
async function depositShare(db: DbOrTx, definitionId: string, currency: string, depositMinor: bigint | null) {
  const definition = await definitionOf(db, definitionId);
  if (!definition || definition.type !== 2 || !definition.depositPercentage || depositMinor === null) return undefined;
  const share = (depositMinor * BigInt(definition.depositPercentage)) / 100n;
  const cap = definition.maxAmounts[currency];
  return cap === undefined || share < BigInt(cap) ? share : BigInt(cap);
}

/** A context whose work runs in `tx` (a consumer's lane, a caller's transaction): nested work takes savepoints. */

type TryInput = {
  playerId: string;
  /** As typed: trimmed and upper-cased here; text that cannot be a code is simply incorrect. */
  code: string;
  trigger: 1 | 2 | 3;
  now?: Date;
};

/**
 * Checks a typed code and records its use. Answers the use: 3 incorrect (no such code), 4 not
 * available (a code that exists but not for this player now, or a self-excluded or cooling-off
 * player), or a use that counts: 2 used (trigger 1 or 2: the bonus is issued in the same transaction)
 * or 1 accepted (trigger 3: it waits for the next paid deposit, which issues it). The code's row is
 * locked while its limits are read and its count raised, so total and per-player limits hold under
 * any race; a refused issue (the definition off, not offered in the currency) rolls the claim back.
 */
export async function applyCode(ctx: Ctx, rules: BonusRules, input: TryInput): Promise<UseRow> {
  const now = input.now ?? new Date();
  const typed = input.code.trim().toUpperCase();
  const text = typed.slice(0, 40);
  const base = { playerId: input.playerId, bonusCode: text, trigger: input.trigger, createdAt: now };
  const home = await playerHome(ctx.db, input.playerId);
  if (!home) throw notFound('Player not found');
  return withTransaction(ctx, async (tx) => {
    const [code] = BONUS_CODE_PATTERN.test(typed)
      ? await tx.select().from(bonusCodes).where(eq(bonusCodes.code, typed)).for('update')
      : [];
    if (!code) return record(tx, { ...base, status: BonusCodeStatus.incorrect });
    const refused = (reason?: BonusCodeRefusal) =>
      record(tx, { ...base, codeId: code.id, status: BonusCodeStatus.notAvailable, reason: reason ?? null });
    // Responsible gaming: an excluded player is issued nothing (and told only "not available").
    if (await activeExclusion(tx, input.playerId, now)) return refused();
    const account = await playableAccount(tx, input.playerId, undefined);
    const currency = input.trigger === BonusCodeTrigger.deposit ? null : (account?.currency ?? home.currency);
    if (unavailable(code, home, currency, now)) return refused();
    const definition = await definitionOf(tx, code.definitionId);
    if (!definition?.enabled) return refused();
    if (
      (definition.availableFrom && now < definition.availableFrom) ||
      (definition.availableTo && now > definition.availableTo)
    )
      return refused();
    if (input.trigger === BonusCodeTrigger.deposit) await withdrawWaiting(tx, input.playerId);
    const [mine] = await tx
      .select({ n: count() })
      .from(playerBonusCodes)
      .where(
        and(
          eq(playerBonusCodes.playerId, input.playerId),
          eq(playerBonusCodes.codeId, code.id),
          inArray(playerBonusCodes.status, [BonusCodeStatus.accepted, BonusCodeStatus.used]),
        ),
      );
    if (Number(mine?.n ?? 0) >= code.maxUsesPerPlayer) return refused('already_used');
    // Told now, not only when a deposit would redeem it: the offer is one per person and this person had it.
    if (definition.onePerPerson && (await claimedByPerson(tx, input.playerId, [definition.id])).has(definition.id))
      return refused('one_per_person');
    try {
      // A savepoint: an issue the definition refuses leaves neither the claim nor the use behind.
      return await atomic(tx, async (sp) => {
        await sp
          .update(bonusCodes)
          .set({ uses: sql`${bonusCodes.uses} + 1` })
          .where(eq(bonusCodes.id, code.id));
        const waiting = input.trigger === BonusCodeTrigger.deposit;
        const use = await record(sp, {
          ...base,
          codeId: code.id,
          status: waiting ? BonusCodeStatus.accepted : BonusCodeStatus.used,
          usedAt: waiting ? null : now,
        });
        if (!waiting)
          await issueOffer(joinedUnitOfWork(sp), rules, {
            playerId: input.playerId,
            definition: code.definitionId,
            currency: currency!,
            source: 'code',
            codeUseId: use.id,
            now,
          });
        return use;
      });
    } catch (error) {
      if (error instanceof DomainError) return refused(isOnePerPersonRefusal(error) ? 'one_per_person' : undefined);
      throw error;
    }
  });
}

/** Withdraws the player's deposit code still waiting (a new one replaces it): its use is given back. */
async function withdrawWaiting(tx: DbOrTx, playerId: string, id?: string): Promise<UseRow | null> {
  const [use] = await tx
    .delete(playerBonusCodes)
    .where(
      and(
        eq(playerBonusCodes.playerId, playerId),
        eq(playerBonusCodes.trigger, BonusCodeTrigger.deposit),
        eq(playerBonusCodes.status, BonusCodeStatus.accepted),
        id ? eq(playerBonusCodes.id, id) : undefined,
      ),
    )
    .returning();
  if (use?.codeId)
    await tx
      .update(bonusCodes)
      .set({ uses: sql`greatest(${bonusCodes.uses} - 1, 0)` })
      .where(eq(bonusCodes.id, use.codeId));
  return use ?? null;
}

/** `DELETE /bonuscodes`: the player withdraws a deposit code still waiting (404 for any other id, another player's too). */
export async function withdrawCode(ctx: Ctx, playerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Bonus code not found');
  await withTransaction(ctx, async (tx) => {
    const [use] = await tx
      .select()
      .from(playerBonusCodes)
      .where(and(eq(playerBonusCodes.id, id), eq(playerBonusCodes.playerId, playerId)))
      .for('update');
    if (!use) throw notFound('Bonus code not found');
    if (use.status !== BonusCodeStatus.accepted || use.trigger !== BonusCodeTrigger.deposit)
      throw conflict('Only a deposit code still waiting for a deposit can be withdrawn');
    await withdrawWaiting(tx, playerId, id);
  });
}

/**
 * A paid deposit redeems the player's waiting deposit code (trigger 3) exactly once: the use turns 2
 * by a conditional update in the consumer's transaction, the bonus is issued in it too (a share of the
 * deposit for a percentage definition), and the invoice is noted on the use (never on the bonus: the
 * bonus's invoice belongs to the deposit bonus chosen in the form). A code whose bonus cannot be issued
 * (currency, exclusion, definition off) becomes 4 and gives its use back.
 */
export async function redeemDepositCode(tx: Tx, rules: BonusRules, event: EventMap['payment.deposit.updated']) {
  const { invoiceId, currency, playerId } = event;
  if (event.state !== 'succeeded') return;
  const [already] = await tx
    .select({ id: playerBonusCodes.id })
    .from(playerBonusCodes)
    .where(eq(playerBonusCodes.invoiceId, invoiceId))
    .limit(1);
  if (already) return;
  const [waiting] = await tx
    .select()
    .from(playerBonusCodes)
    .where(
      and(
        eq(playerBonusCodes.playerId, playerId),
        eq(playerBonusCodes.trigger, BonusCodeTrigger.deposit),
        eq(playerBonusCodes.status, BonusCodeStatus.accepted),
      ),
    )
    .orderBy(desc(playerBonusCodes.createdAt))
    .limit(1);
  if (!waiting?.codeId) return;
  const [code] = await tx.select().from(bonusCodes).where(eq(bonusCodes.id, waiting.codeId));
  const now = new Date();
  const depositMinor = BigInt(event.amountMinor);
  const currencyRefused = code && code.currencies.length > 0 && !code.currencies.includes(currency);
  try {
    if (!code || currencyRefused) throw new DomainError(ErrorCode.conflict, 'not available');
    await atomic(tx, async (sp) => {
      const [used] = await sp
        .update(playerBonusCodes)
        .set({ status: BonusCodeStatus.used, invoiceId, usedAt: now })
        .where(and(eq(playerBonusCodes.id, waiting.id), eq(playerBonusCodes.status, BonusCodeStatus.accepted)))
        .returning();
      if (!used) return;
      await issueOffer(joinedUnitOfWork(sp), rules, {
        playerId,
        definition: code.definitionId,
        currency,
        source: 'code',
        codeUseId: used.id,
        amountMinor: await depositShare(sp, code.definitionId, currency, depositMinor),
        now,
      });
      await enqueue(sp, 'bonus.code.updated', { playerId, code: wireCode(used) });
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const [refused] = await tx
      .update(playerBonusCodes)
      .set({
        status: BonusCodeStatus.notAvailable,
        invoiceId,
        reason: isOnePerPersonRefusal(error) ? 'one_per_person' : null,
      })
      .where(and(eq(playerBonusCodes.id, waiting.id), eq(playerBonusCodes.status, BonusCodeStatus.accepted)))
      .returning();
    if (!refused) return;
    await tx
      .update(bonusCodes)
      .set({ uses: sql`greatest(${bonusCodes.uses} - 1, 0)` })
      .where(eq(bonusCodes.id, waiting.codeId));
    await enqueue(tx, 'bonus.code.updated', { playerId, code: wireCode(refused) });
  }
}

/** The lane that redeems deposit codes, and the push of each code use; returns their removal. */
export function registerCodeConsumers(consumers: OutboxConsumers, rules: BonusRules): () => void {
  const stopLane = consumers.register({
    name: 'bonus-codes',
    startFrom: 'now',
    handlers: { 'payment.deposit.updated': ({ payload }, tx) => redeemDepositCode(tx, rules, payload) },
  });
  const stopPush = consumers.registerPublisher('bonus.code.updated', ({ payload }) => [
    {
      channel: Channel.playerBonusCodes(payload.playerId),
      payload: { event: PushEvent.playerBonusCodeUpdated, playerBonusCode: payload.code },
    },
  ]);
  return () => {
    stopLane();
    stopPush();
  };
}

/**
 * Guessing is throttled per player and per address (`BONUS_CODE_GUESS_LIMITS` wrong codes per window,
 * counted in Redis when REDIS_URL is set): each try holds a unit while it runs and keeps it only when
 * the code was wrong, so a burst of parallel guesses gets no more tries than a series. Over the limit
 * the form is locked: 429 with error code 5 and `until`, and nothing is looked up or issued.
 */
export async function tryCodeThrottled(
  ctx: Ctx,
  rules: BonusRules,
  attempts: AttemptCounter,
  input: TryInput & { ip: string },
): Promise<UseRow> {
  const limits = BONUS_CODE_GUESS_LIMITS;
  const keys = [`bonus-code:player:${input.playerId}`, `bonus-code:address:${input.ip}`] as const;
  const [player, address] = await Promise.all(keys.map((key) => attempts.hit(key, limits.windowSec)));
  if (player! > limits.perPlayer || address! > limits.perAddress) {
    await Promise.all(keys.map((key) => attempts.release(key)));
    const wait = Math.max(1, ...(await Promise.all(keys.map((key) => attempts.ttl(key)))));
    throw new DomainError(
      ErrorCode.bonusCodeLocked,
      `Too many wrong bonus codes: try again in ${Math.ceil(wait / 60)} min`,
      undefined,
      { retryAfterSec: wait, until: new Date(Date.now() + wait * 1000).toISOString() },
    );
  }
  let wrong = false;
  try {
    const use = await applyCode(ctx, rules, input);
    wrong = use.status === BonusCodeStatus.incorrect;
    return use;
  } finally {
    if (!wrong) await Promise.all(keys.map((key) => attempts.release(key)));
  }
}

/** The demo's no-deposit bonus, given by the code WELCOME10: once per player, and once per person. */
const DEMO_NO_DEPOSIT: BonusDefinitionSource = {
  name: 'No-deposit €5',
  onePerPerson: true,
  names: { de: '5 € ohne Einzahlung', 'pt-br': '€5 sem depósito' },
  amounts: { EUR: 500, USD: 500 },
  wagerMultiplier: 10,
  maxBet: { EUR: 200, USD: 200 },
  maxConversion: { EUR: 5_000, USD: 5_000 },
  contributions: DEFAULT_WAGER_CONTRIBUTIONS,
  excludedGames: [],
  activationDays: 7,
  wageringDays: 7,
};

/** Adds the demo's code WELCOME10 and its definition when missing. */
export async function seedDemoCodes(db: DbOrTx): Promise<void> {
  if (!(await definitionOf(db, DEMO_NO_DEPOSIT.name)))
    await createDefinition(db, bonusDefinitionInputSchema.parse(DEMO_NO_DEPOSIT), async () => null);
  const [found] = await db.select({ id: bonusCodes.id }).from(bonusCodes).where(eq(bonusCodes.code, 'WELCOME10'));
  if (!found) await createCode(db, { code: 'WELCOME10', definition: DEMO_NO_DEPOSIT.name, maxUsesPerPlayer: 1 });
}
