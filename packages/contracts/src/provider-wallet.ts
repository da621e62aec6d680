import { z } from 'zod';
import { CURRENCY_SEEDS } from './currencies.ts';
import { GAME_ENGINES } from './game.ts';
import { walletTicketSchema } from './sportsbook.ts';
import { text } from './text.ts';

/**
 * The two server-to-server APIs between the casino and a game provider, parsed by both sides:
 * - the seamless wallet (provider → casino, `POST /api/provider-wallet/{balance,bet,win,rollback}`);
 * - the launch (casino → provider, `POST {GAME_PROVIDER_URL}/sandbox/games/api/launch`).
 * Both are signed requests (signature, timestamp and request id travel in headers; see
 * docs/provider-wallet-api.md). Amounts are integer minor units; unknown extra fields are ignored,
 * because a real aggregator may send more than we read.
 */

const id = text().min(1).max(100);
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currency = text().regex(/^[A-Z0-9]{2,10}$/, 'must be an upper-case currency code');
const session = { token: text().min(1).max(200) };

export const WALLET_CALLS = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletCall = (typeof WALLET_CALLS)[number];

export const walletBalanceBodySchema = z.object(session);

export const walletBetBodySchema = z.object({
  ...session,
  transactionId: id,
  roundId: id,
  gameIdentity: id,
  amount: minor,
  currency,
  closeRound: z.boolean().optional(),
  /** A sports bet: what it is on (the sportsbook's pseudo-game requires it; other games refuse it). */
  ticket: walletTicketSchema.optional(),
});

/**
 * Promotions the casino granted that may pay a win in a round without a stake (free spins, a bonus
 * round). A win on a round without a bet must name one.
 */
export const PROMOTION_KINDS = ['free-spins', 'bonus-round'] as const;
export const walletPromotionSchema = z.object({ kind: z.enum(PROMOTION_KINDS), id });

export const walletWinBodySchema = walletBetBodySchema.omit({ ticket: true }).extend({
  closeRound: z.boolean(),
  promotion: walletPromotionSchema.optional(),
  /** A sports ticket settled early at the provider's cash-out price (the round closes as cashed out). */
  cashOut: z.boolean().optional(),
});

export const walletRollbackBodySchema = z.object({
  ...session,
  transactionId: id,
  referenceTransactionId: id,
  roundId: id,
  gameIdentity: id,
});

export type WalletBalanceBody = z.infer<typeof walletBalanceBodySchema>;
export type WalletBetBody = z.infer<typeof walletBetBodySchema>;
export type WalletWinBody = z.infer<typeof walletWinBodySchema>;
export type WalletRollbackBody = z.infer<typeof walletRollbackBodySchema>;
export type WalletBodies = {
  balance: WalletBalanceBody;
  bet: WalletBetBody;
  win: WalletWinBody;
  rollback: WalletRollbackBody;
};

export const walletBalanceAnswerSchema = z.object({ currency, balance: z.number().int() });
export const walletTransactionAnswerSchema = z.object({
  transactionId: id,
  currency,
  balance: z.number().int(),
});
export type WalletAnswer = z.infer<typeof walletTransactionAnswerSchema>;

/**
 * A refusal; `balance` and `currency` come with insufficient funds and a rolled-back bet; `maxBet` (what
 * may still be staked, minor units) and `currency` with a stake above a maximum (14311; for a sports
 * ticket with `limit`: bet | event); `reason` and `ref` with a restricted sport or event (14306).
 */
export const walletErrorSchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: text(),
    balance: z.number().int().optional(),
    currency: currency.optional(),
    maxBet: z.number().int().min(0).optional(),
    limit: z.enum(['bet', 'event']).optional(),
    reason: text().max(20).optional(),
    ref: text().max(100).optional(),
    fields: z.record(text(), z.array(text())).optional(),
  }),
});
export type WalletRefusal = z.infer<typeof walletErrorSchema>['error'];

const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCY_SEEDS.map((c) => c.code));

export const launchBodySchema = z
  .object({
    mode: z.enum(['real', 'demo']),
    /** The casino's game-session token: the provider's credential for the wallet calls of a real session. */
    token: text().min(1).max(500).nullable().optional(),
    /** The casino's player (real mode): free spins the casino granted this player are played in the session. */
    playerId: text().min(1).max(100).optional(),
    gameIdentity: text().min(1).max(200),
    gameName: text().min(1).max(200),
    engine: z.enum(GAME_ENGINES),
    currency: text().refine((code) => CURRENCY_CODES.has(code), 'unknown currency'),
    locale: text().min(1).max(20).default('en'),
    lobbyUrl: text().max(2000).default('/'),
    platform: z.number().int().default(2),
    volatility: text().max(20).optional(),
    paylines: z.number().int().optional(),
  })
  .refine((body) => body.mode === 'demo' || !!body.token, {
    message: 'a real-money launch needs the casino token',
    path: ['token'],
  });
export type LaunchBody = z.input<typeof launchBodySchema>;
export type LaunchRequest = z.infer<typeof launchBodySchema>;

export const launchAnswerSchema = z.object({ gameUrl: text().min(1).max(2000) });
