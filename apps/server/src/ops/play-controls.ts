import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CashPeriods, LimitDefinition, formatMinor } from '@casino/contracts';
import type { Db, DbOrTx } from '../db/client.ts';
import { fieldError } from '../lib/errors.ts';
import { withTransaction } from '../outbox/index.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';
import { importContent } from '../modules/content/index.ts';
import { closeLiveGameSessions, setGameEnabled } from '../modules/game/index.ts';
import { excludePlayer, limitAmount, setMoneyLimit } from '../modules/limits/index.ts';
import { closePlayerSessions } from '../modules/player/index.ts';
import { contactOf, namesPlayer, playerNaming, playerOf } from './who.ts';
import { accountCurrency } from '../modules/wallet/index.ts';

/**
 * Operator controls of real-money play: bet/loss limits, self-exclusion / cooling-off, and
 * switching a game off or on. One implementation behind `/api/ops/*` and the CLI's own database access.
 */

export const opsLimitBodySchema = z
  .object({
    ...playerNaming,
    type: z.enum(['bet', 'loss', 'deposit']),
    /** Major units; a string keeps every digit the operator typed. */
    amount: z.union([z.number(), z.string().max(40)]),
    currency: z.string().min(1).max(10),
    period: z.enum(CashPeriods),
  })
  .strict()
  .refine(...namesPlayer);
export type OpsLimitBody = z.infer<typeof opsLimitBodySchema>;

/** Longest exclusion the CLI takes: 100 years stands for "forever". */
export const MAX_EXCLUSION_DAYS = 36_500;

export const opsExcludeBodySchema = z
  .object({
    ...playerNaming,
    type: z.enum(['self-exclusion', 'cooling-off']),
    days: z.number().int().min(1).max(MAX_EXCLUSION_DAYS),
  })
  .strict()
  .refine(...namesPlayer);
export type OpsExcludeBody = z.infer<typeof opsExcludeBodySchema>;

export const opsGameBodySchema = z.object({ identity: z.string().min(1).max(100), enabled: z.boolean() }).strict();
export type OpsGameBody = z.infer<typeof opsGameBodySchema>;

/** Every play control answers with one line for the operator. */
export const opsMessageSchema = z.object({ message: z.string() });
export type OpsMessage = z.infer<typeof opsMessageSchema>;

/**
 * Sets the player's limit at once, replacing the one of its kind (stricter or not): the player's
 * amount rule, the player's limits lock and the player's `limits.changed` event, as the player's own.
 */
export async function opsLimit(ctx: UnitOfWorkContext, body: OpsLimitBody): Promise<OpsMessage> {
  const currency = accountCurrency(body.currency);
  const amountMinor = limitAmount(body.amount, currency.code);
  const player = await withTransaction(ctx, async (tx) => {
    const named = await playerOf(tx, body);
    await setMoneyLimit(tx, {
      playerId: named.id,
      type:
        body.type === 'bet'
          ? LimitDefinition.bet
          : body.type === 'loss'
            ? LimitDefinition.loss
            : LimitDefinition.deposit,
      period: body.period,
      currency: currency.code,
      amountMinor,
    });
    return named;
  });
  const amount = formatMinor(amountMinor, currency.subunitToUnit);
  return {
    message: `Set a ${body.period} ${body.type} limit of ${amount} ${currency.code} for ${contactOf(player)}; it applies now`,
  };
}

/**
 * Excludes a player as the player's own exclusion does (lock, dropped raises, event): their open games
 * and every session of theirs end with it (the caller forgets those).
 */
export async function opsExclude(
  ctx: UnitOfWorkContext,
  body: OpsExcludeBody,
): Promise<OpsMessage & { endedSessions: string[] }> {
  const player = await playerOf(ctx.db, body);
  // One unit: the exclusion, the end of the player's open games and sessions happen together.
  const { limit, closedGameSessions, endedSessions } = await withTransaction(ctx, async (tx) => {
    const exclusion = await excludePlayer(tx, {
      playerId: player.id,
      type: body.type === 'self-exclusion' ? LimitDefinition.selfExclusion : LimitDefinition.coolingOff,
      days: body.days,
    });
    return {
      limit: exclusion,
      closedGameSessions: await closeLiveGameSessions(tx, player.id),
      endedSessions: await closePlayerSessions(tx, player.id, 'excluded'),
    };
  });
  const sessions = closedGameSessions === 1 ? '1 live game session' : `${closedGameSessions} live game sessions`;
  return {
    message: `${body.type === 'self-exclusion' ? 'Self-excluded' : 'Cooling-off for'} ${contactOf(player)} until ${limit.expiresAt!.toISOString()}; closed ${sessions} and ${endedSessions.length === 1 ? '1 sign-in session' : `${endedSessions.length} sign-in sessions`}`,
    endedSessions,
  };
}

/**
 * Disables or enables a game: a disabled game leaves the catalogue, cannot be started, and bets in
 * its open sessions are refused (14306, with a push to the player). This process's catalogue cache
 * is dropped at once; other nodes follow within the cache's TTL.
 */
export async function opsGame(db: Db, body: OpsGameBody): Promise<OpsMessage> {
  const game = await setGameEnabled(db, body.identity, body.enabled);
  if (!game) throw fieldError('identity', `No game with the identity ${body.identity}`);
  return { message: `${body.enabled ? 'Enabled' : 'Disabled'} ${game.name} (${body.identity})` };
}

export const opsContentBodySchema = z.object({ dir: z.string().min(1).max(1000) }).strict();
export type OpsContentBody = z.infer<typeof opsContentBodySchema>;

/** Loads a content folder (`<locale>/<area>/<identity>.md`); unchanged files are left alone. */
export async function opsContent(db: DbOrTx, body: OpsContentBody): Promise<OpsMessage> {
  const dir = path.resolve(body.dir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw fieldError('dir', `No folder at ${dir}`);
  const { written, files } = await importContent(db, dir);
  return { message: `Imported ${dir}: ${files} files, ${written} new or changed` };
}
