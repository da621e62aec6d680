import { z } from 'zod';

/**
 * Request bodies of the seamless-wallet API (interfaces §2). Amounts are integer minor units; unknown
 * extra fields are ignored (an aggregator may send more than we need).
 */
const id = z.string().min(1).max(100);
const envelope = {
  requestId: id,
  /** ms since epoch; more than 5 minutes off is refused (15010). */
  timestamp: z.number().int().positive(),
  token: z.string().min(1).max(200),
};
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currency = z.string().regex(/^[A-Z0-9]{2,10}$/, 'must be an upper-case currency code');

export const balanceBodySchema = z.object(envelope);

export const betBodySchema = z.object({
  ...envelope,
  transactionId: id,
  roundId: id,
  gameIdentity: id,
  amount: minor,
  currency,
  closeRound: z.boolean().optional(),
});

export const winBodySchema = z.object({
  ...envelope,
  transactionId: id,
  roundId: id,
  gameIdentity: id,
  amount: minor,
  currency,
  closeRound: z.boolean(),
});

export const rollbackBodySchema = z.object({
  ...envelope,
  transactionId: id,
  referenceTransactionId: id,
  roundId: id,
  gameIdentity: id,
});

export type BalanceBody = z.infer<typeof balanceBodySchema>;
export type BetBody = z.infer<typeof betBodySchema>;
export type WinBody = z.infer<typeof winBodySchema>;
export type RollbackBody = z.infer<typeof rollbackBodySchema>;

export const balanceAnswerSchema = z.object({ currency: z.string(), balance: z.number().int() });
export const transactionAnswerSchema = z.object({
  transactionId: z.string(),
  currency: z.string(),
  balance: z.number().int(),
});
export const walletErrorSchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    balance: z.number().int().optional(),
    currency: z.string().optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
