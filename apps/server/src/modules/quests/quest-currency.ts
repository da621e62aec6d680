/** The currency a player's quests run in, and a task's quantity in it. */
import { TaskType } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { playerHome } from '../player/index.ts';
import { BASE_CURRENCY, fromBaseMinor } from '../settings/index.ts';
import { accountCurrency, playableAccount } from '../wallet/index.ts';
import type { QuestTaskDefinition } from './tables.ts';

/** The currency a player's quests run in: the one asked for, else the active account's, else the registration's. */
export async function questCurrency(db: DbOrTx, playerId: string, asked?: string): Promise<string> {
  if (asked) return accountCurrency(asked).code;
  const account = await playableAccount(db, playerId, undefined);
  if (account) return account.currency;
  return (await playerHome(db, playerId))?.currency ?? BASE_CURRENCY;
}

/** A task's quantity in `currency` (an amount given in the base currency's minor units is converted, rounded up). */
export function quantityIn(task: QuestTaskDefinition, currency: string): bigint {
  if (task.type === TaskType.fillProfileFields) return BigInt(task.fields?.length ?? 1);
  if (task.type === TaskType.verifyEmail || task.type === TaskType.verifyPhone) return 1n;
  if (task.unit !== 'amount') return BigInt(task.quantity);
  const converted = fromBaseMinor(BigInt(task.quantity), currency, true);
  if (converted === null)
    throw unprocessable(`Quest amounts cannot be converted into ${currency}`, { currency: ['No rate'] });
  return converted;
}
