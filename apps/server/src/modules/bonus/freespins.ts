import { randomBytes } from 'node:crypto';
import {
  Channel,
  ErrorCode,
  FreespinResult,
  FreespinStatus,
  pageMeta,
  PushEvent,
  toMajor,
  type EventMap,
  type PlayerFreespin,
  type ProviderFreespinGrant,
} from '@casino/contracts';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conflict, DomainError, notFound, unprocessable } from '../../lib/errors.ts';
import { signedPost } from '../../lib/signing.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  enqueue,
  noteEnqueued,
  withTransaction,
  type OutboxConsumers,
  type UnitOfWorkContext,
} from '../../outbox/index.ts';
import { findGame } from '../game/index.ts';
import { activeExclusion } from '../limits/index.ts';
import { subunitOf } from '../settings/index.ts';
import { accountCurrency, accountIn, forgetAccountsOf, openAccount } from '../wallet/index.ts';
import { assertNotClosed, definitionOf, expireInBatches, type BonusRules, type IssueInput } from './service.ts';
import { bonusDefinitions, playerBonuses, playerFreespins } from './tables.ts';

/**
 * Free spins (definition type 3): `count` spins at a fixed stake on one game. Issued (1) → activated (2:
 * granted to the game's provider, which plays them without a stake; each spin's win names the grant and
 * is counted by the money path, bonus/sql/freespins.sql) → finished (3: played, cancelled, expired).
 * Their winnings become a bonus with the definition's wagering (the lane below), credited at once as
 * bonus money when the account has no other active bonus.
 */

export type PlayerFreespinRow = typeof playerFreespins.$inferSelect;
type Ctx = UnitOfWorkContext;

const PROVIDER_TIMEOUT_MS = 10_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function eventOf(
  row: PlayerFreespinRow,
  change: EventMap['freespins.updated']['change'],
): EventMap['freespins.updated'] {
  return {
    change,
    playerId: row.playerId,
    freespinId: row.id,
    name: row.name,
    currency: row.currency,
    gameId: row.gameId,
    count: row.count,
    usedCount: row.usedCount,
    status: row.status,
    result: row.result,
    win: row.winMinor.toString(),
  };
}

/**
 * Issues free spins of a type-3 definition (status 1: they wait for the player to activate them), with
 * the checks a bonus's issue makes: the definition enabled, offered in the currency (it names a stake
 * for it), the player not excluded nor closed; the account opened if missing.
 */
export async function issueFreespins(ctx: Ctx, _rules: BonusRules, input: IssueInput): Promise<PlayerFreespinRow> {
  const now = input.now ?? new Date();
  const currency = accountCurrency(input.currency).code;
  const definition = await definitionOf(ctx.db, input.definition);
  if (!definition) throw notFound(`No bonus named "${input.definition}"`);
  if (definition.type !== 3 || !definition.freespinGameId || !definition.freespinCount)
    throw unprocessable(`The bonus "${definition.name}" is not free spins`);
  if (!definition.enabled) throw conflict(`The bonus "${definition.name}" is disabled`);
  const stake = definition.freespinStakes[currency];
  if (stake === undefined || stake <= 0)
    throw unprocessable(`The free spins "${definition.name}" are not offered in ${currency}`, {
      currency: [`Not offered in ${currency}`],
    });
  if (await activeExclusion(ctx.db, input.playerId, now))
    throw new DomainError(409, 'The player is excluded from play: no free spins can be issued');
  await assertNotClosed(ctx.db, input.playerId);
  const account =
    (await accountIn(ctx.db, input.playerId, currency)) ?? (await openAccount(ctx.db, input.playerId, currency));
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(playerFreespins)
      .values({
        playerId: input.playerId,
        accountId: account.id,
        definitionId: definition.id,
        name: definition.name,
        currency,
        gameId: definition.freespinGameId!,
        count: definition.freespinCount!,
        stakeMinor: BigInt(stake),
        grantId: randomBytes(18).toString('base64url'),
        source: input.source,
        invoiceId: input.invoiceId,
        codeUseId: input.codeUseId,
        packageId: definition.packageId,
        packagePriority: definition.packagePriority,
        createdAt: now,
        activationExpiresAt: new Date(now.getTime() + definition.activationDays * 86_400_000),
      })
      .returning();
    await enqueue(tx, 'freespins.updated', eventOf(row!, 'issued'));
    return row!;
  });
}

/** The wire free spins (amounts in major units). */
export function wireFreespin(row: PlayerFreespinRow): PlayerFreespin {
  const subunit = subunitOf(row.currency);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    result: row.result,
    count: row.count,
    usedCount: row.usedCount,
    progress: row.count > 0 ? Math.floor((row.usedCount * 10_000) / row.count) / 100 : 0,
    gameId: row.gameId,
    currency: row.currency,
    stakeAmount: toMajor(row.stakeMinor, subunit),
    winAmount: toMajor(row.winMinor, subunit),
    bonusId: row.bonusId,
    issuedAt: iso(row.createdAt)!,
    expiredAt: iso(row.expiresAt),
    activationExpiredAt: row.status === FreespinStatus.issued ? iso(row.activationExpiresAt) : null,
    wageringExpiredAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt)!,
    finishedAt: iso(row.finishedAt),
    packageId: row.packageId,
    packagePriority: row.packagePriority,
    issueSessionId: null,
  };
}

/** A player's free spins, active first, newest first, filtered by status and currency. */
export async function listPlayerFreespins(
  db: DbOrTx,
  playerId: string,
  query: { page: number; perPage: number; status?: number[]; currency?: string[] },
) {
  const where: SQL[] = [eq(playerFreespins.playerId, playerId)];
  if (query.status?.length) where.push(inArray(playerFreespins.status, query.status));
  if (query.currency?.length) where.push(inArray(playerFreespins.currency, query.currency));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerFreespins)
      .where(and(...where))
      // Active (2) before issued (1) before finished (3), newest first.
      .orderBy(
        sql`case ${playerFreespins.status} when 2 then 0 when 1 then 1 else 2 end`,
        desc(playerFreespins.createdAt),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: count() })
      .from(playerFreespins)
      .where(and(...where)),
  ]);
  return { data: rows.map(wireFreespin), meta: pageMeta(query.page, query.perPage, Number(total?.n ?? 0)) };
}

const providerUnavailable = () =>
  new DomainError(
    ErrorCode.gameProviderUnavailable,
    'The free spins could not be granted: the game provider is not reachable. Please try again in a moment.',
  );

/** Tells the game provider of a grant (or of its end): a signed call, as the launch is. True when it agreed. */
async function tellProvider(
  ctx: AppContext,
  path: 'freespins' | 'freespins/revoke',
  body: ProviderFreespinGrant | { grantId: string },
  log: FastifyBaseLogger,
): Promise<boolean> {
  const base = ctx.config.game.providerUrl ?? ctx.selfUrl();
  try {
    const answer = await signedPost(ctx.gameWalletSecret, `${base}/sandbox/games/api/${path}`, body, {
      timeoutMs: PROVIDER_TIMEOUT_MS,
    });
    if (answer.status === 200) return true;
    log.warn({ requestId: answer.requestId, status: answer.status, path }, 'game provider refused a free-spin call');
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error), path }, 'game provider unreachable');
  }
  return false;
}

async function ownFreespins(db: DbOrTx, playerId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(playerFreespins)
    .where(and(eq(playerFreespins.id, id), eq(playerFreespins.playerId, playerId)));
  return row ?? null;
}

type Change = { outcome: string; freespin: PlayerFreespinRow | null };

/** Runs bonus_freespin_activate or bonus_freespin_cancel; answers the outcome and the free spins after. */
async function runChange(ctx: Ctx, statement: SQL): Promise<Change> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await rowsOf<{ outcome: string; id: string | null }>(tx, statement);
    if (row && !['not_found', 'not_issued', 'finished'].includes(row.outcome)) noteEnqueued();
    const [found] = row?.id ? await tx.select().from(playerFreespins).where(eq(playerFreespins.id, row.id)) : [];
    return { outcome: row?.outcome ?? 'not_found', freespin: found ?? null };
  });
}

/**
 * The player activates issued free spins: the provider is told of the grant first (so an activated
 * grant is one the provider knows), then they become active until the definition's wagering days end.
 */
export async function activateFreespins(ctx: AppContext, playerId: string, id: string, now = new Date()) {
  const log = ctx.log.child({ module: 'bonus' });
  const row = await ownFreespins(ctx.db, playerId, id);
  if (!row) throw notFound('Free spins not found');
  if (row.status !== FreespinStatus.issued) throw conflict('These free spins are not waiting for activation');
  const [definition] = await ctx.db.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, row.definitionId));
  const game = await findGame(ctx.db, row.gameId);
  if (!definition || !game) throw notFound('Free spins not found');
  const expiresAt = new Date(now.getTime() + definition.wageringDays * 86_400_000);
  if (row.activationExpiresAt > now) {
    const granted = await tellProvider(
      ctx,
      'freespins',
      {
        grantId: row.grantId,
        playerId,
        gameIdentity: game.identity,
        currency: row.currency,
        count: row.count,
        stake: Number(row.stakeMinor),
        expiresAt: expiresAt.toISOString(),
        // What bonusFromWinnings will make of the winnings, so the game's summary can say it.
        winnings: { wagerMultiplier: Math.min(definition.wagerMultiplier, ctx.config.bonus.maxWagerMultiplier) },
      },
      log,
    );
    if (!granted) throw providerUnavailable();
  }
  const { outcome, freespin } = await runChange(
    ctx,
    sql`select r.outcome, (r.freespin).id from bonus_freespin_activate(${id}::uuid, ${playerId}::uuid, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) r`,
  );
  if (outcome !== 'activated' && freespin?.status !== FreespinStatus.active)
    await tellProvider(ctx, 'freespins/revoke', { grantId: row.grantId }, log);
  switch (outcome) {
    case 'activated':
      return wireFreespin(freespin!);
    case 'not_found':
      throw notFound('Free spins not found');
    case 'expired':
      throw conflict('These free spins expired before they were activated');
    default:
      throw conflict('These free spins are not waiting for activation');
  }
}

/** The player cancels free spins (issued or active): the spins left and the winnings so far are forfeited. */
export async function cancelFreespins(ctx: AppContext, playerId: string, id: string, now = new Date()) {
  if (!isUuid(id)) throw notFound('Free spins not found');
  const { outcome, freespin } = await runChange(
    ctx,
    sql`select r.outcome, (r.freespin).id from bonus_freespin_cancel(${id}::uuid, ${playerId}::uuid, ${now.toISOString()}::timestamptz) r`,
  );
  if (outcome === 'not_found') throw notFound('Free spins not found');
  if (outcome === 'finished') throw conflict('These free spins have already ended');
  if (freespin?.activatedAt)
    await tellProvider(ctx, 'freespins/revoke', { grantId: freespin.grantId }, ctx.log.child({ module: 'bonus' }));
  return wireFreespin(freespin!);
}

/** Ends the free spins time has ended (bonus_freespin_expire_due); answers how many ended. */
export const expireDueFreespins = (ctx: Ctx, now = new Date(), batch = 100) =>
  expireInBatches(ctx, 'bonus_freespin_expire_due', now, batch);

/**
 * Winnings of free spins that ended played or expired become a bonus of the definition (its wagering,
 * capped by the operator's maximum), once: the free spins' row is locked and remembers the bonus. When
 * the account has no active bonus, it is activated at once (bonus money through the ledger, keyed by the
 * bonus); else it waits issued, as any bonus does, for the player to choose.
 */
export async function bonusFromWinnings(tx: Tx, rules: BonusRules, freespinId: string, now = new Date()) {
  const [f] = await tx.select().from(playerFreespins).where(eq(playerFreespins.id, freespinId)).for('update');
  if (!f || f.bonusId || f.status !== FreespinStatus.finished || f.winMinor <= 0n) return null;
  if (f.result !== FreespinResult.played && f.result !== FreespinResult.expired) return null;
  const [definition] = await tx.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, f.definitionId));
  if (!definition) return null;
  const multiplier = Math.min(definition.wagerMultiplier, rules.maxWagerMultiplier);
  const minorOf = (amounts: Record<string, number>) =>
    amounts[f.currency] === undefined ? null : BigInt(amounts[f.currency]!);
  // The account's lock first: whether another bonus is active is then settled until the commit.
  await tx.execute(sql`select wallet_lock_account(${f.accountId}::uuid)`);
  const [bonus] = await tx
    .insert(playerBonuses)
    .values({
      playerId: f.playerId,
      accountId: f.accountId,
      definitionId: definition.id,
      name: definition.name,
      currency: f.currency,
      amountMinor: f.winMinor,
      wagerMultiplier: multiplier,
      wagerRequiredMinor: f.winMinor * BigInt(multiplier),
      maxBetMinor: minorOf(definition.maxBet),
      maxConversionMinor: minorOf(definition.maxConversion),
      contributions: definition.contributions,
      excludedGames: definition.excludedGames,
      wageringDays: definition.wageringDays,
      source: 'freespins',
      packageId: f.packageId,
      packagePriority: f.packagePriority,
      createdAt: now,
      activationExpiresAt: new Date(now.getTime() + definition.activationDays * 86_400_000),
    })
    .returning();
  await tx.update(playerFreespins).set({ bonusId: bonus!.id }).where(eq(playerFreespins.id, f.id));
  const [active] = await tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.accountId, f.accountId), eq(playerBonuses.status, 2), ne(playerBonuses.id, bonus!.id)));
  if (active) {
    // Another bonus is being wagered: this one waits, issued, for the player to choose.
    await enqueue(tx, 'bonus.updated', {
      change: 'issued',
      playerId: bonus!.playerId,
      bonusId: bonus!.id,
      name: bonus!.name,
      currency: bonus!.currency,
      status: bonus!.status,
      result: bonus!.result,
      amount: bonus!.amountMinor.toString(),
      progress: '0',
      required: bonus!.wagerRequiredMinor.toString(),
    });
  } else {
    // Credited at once: its activation posts the bonus money and writes the event the player is told by.
    await tx.execute(
      sql`select bonus_activate(${bonus!.id}::uuid, ${f.playerId}::uuid, ${now.toISOString()}::timestamptz)`,
    );
  }
  forgetAccountsOf(f.playerId);
  return bonus!.id;
}

/** The lane that turns finished free spins' winnings into bonuses (exactly once: the row remembers it). */
export function registerFreespinWinnings(consumers: OutboxConsumers, rules: BonusRules): () => void {
  return consumers.register({
    name: 'freespin-winnings',
    startFrom: 'beginning',
    handlers: {
      'freespins.updated': async ({ payload }, tx) => {
        if (payload.change !== 'finished' || BigInt(payload.win) <= 0n) return;
        await bonusFromWinnings(tx, rules, payload.freespinId);
      },
    },
  });
}

/** Every change of free spins is pushed to its player: `player.freespin.created` when issued, else `…updated`. */
export function registerFreespinPush(consumers: OutboxConsumers): () => void {
  return consumers.registerPublisher('freespins.updated', async (row) => {
    const change = row.payload;
    return [
      {
        channel: Channel.playerFreespins(change.playerId),
        payload: {
          event: change.change === 'issued' ? PushEvent.playerFreespinCreated : PushEvent.playerFreespinUpdated,
          playerFreespin: {
            id: change.freespinId,
            name: change.name,
            count: change.count,
            usedCount: change.usedCount,
            currency: change.currency,
            gameId: change.gameId,
            status: change.status,
            result: change.result,
            winAmount: toMajor(BigInt(change.win), subunitOf(change.currency)),
          },
        },
      },
    ];
  });
}
