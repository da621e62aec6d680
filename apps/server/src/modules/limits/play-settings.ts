import { eq } from 'drizzle-orm';
import { toMajor, type PlaySummary, type RealityCheck } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { accountCurrency } from '../wallet/index.ts';
import type { LimitsPorts } from './player-limits.ts';
import { playSettings } from './tables.ts';

/** The player's reality-check interval (the configured default until they choose) and session-time limit. */
export async function realityCheckOf(db: DbOrTx, playerId: string, defaultMinutes: number): Promise<RealityCheck> {
  const [row] = await db.select().from(playSettings).where(eq(playSettings.playerId, playerId));
  return { intervalMinutes: row?.realityCheckMinutes ?? defaultMinutes, sessionMinutes: row?.sessionMinutes ?? null };
}

export async function setRealityCheck(db: DbOrTx, playerId: string, value: RealityCheck): Promise<RealityCheck> {
  const values = {
    realityCheckMinutes: value.intervalMinutes,
    sessionMinutes: value.sessionMinutes,
    updatedAt: new Date(),
  };
  await db
    .insert(playSettings)
    .values({ playerId, ...values })
    .onConflictDoUpdate({ target: playSettings.playerId, set: values });
  return value;
}

/** Real-money stakes and wins of one currency since a moment of the last day (the reality check's figures). */
export async function playSince(
  db: DbOrTx,
  ports: Pick<LimitsPorts, 'playSince'>,
  playerId: string,
  currencyCode: string,
  since: Date,
  now = new Date(),
): Promise<PlaySummary> {
  const currency = accountCurrency(currencyCode);
  if (since.getTime() > now.getTime() + 60_000 || now.getTime() - since.getTime() > 86_400_000)
    throw unprocessable('The play session must have begun within the last day', {
      since: ['Must be within the last day'],
    });
  const { stakes, wins } = await ports.playSince(db, playerId, currency.code, since);
  const major = (minor: bigint) => toMajor(minor, currency.subunitToUnit);
  return {
    since: since.toISOString(),
    currency: currency.code,
    stakes: major(stakes),
    wins: major(wins),
    netResult: major(wins - stakes),
  };
}
