import { z } from 'zod';
import { text } from './text.ts';

export const accountSchema = z.object({
  id: text(),
  currency: text(),
  /** 1 = the active account. */
  status: z.number().int(),
  balance: z.number(),
  realBalance: z.number(),
  bonusBalance: z.number(),
  lockedBalance: z.number(),
  withdrawalBalance: z.number(),
});
export type Account = z.infer<typeof accountSchema>;

export const createAccountBodySchema = z.object({ currency: text().min(2).max(10) }).strict();

/** Payload of `account.balance.updated` on `wallet:accounts#<playerId>`. */
export const balanceUpdatedSchema = z.object({
  event: z.literal('account.balance.updated'),
  account: accountSchema,
});
export type BalanceUpdated = z.infer<typeof balanceUpdatedSchema>;
