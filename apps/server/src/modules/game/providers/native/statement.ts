import { z } from 'zod';
import { ErrorCode } from '@casino/contracts';
import type { AppContext } from '../../../../context.ts';
import { DomainError } from '../../../../lib/errors.ts';
import {
  fetchSignedStatement,
  minorAmountSchema,
  parseStatement,
  statementDay,
  type PartnerStatement,
  type PartnerStatementLine,
} from '../../../../lib/partner-statement.ts';

/** A day's statement may be long: more time than a launch. */
const STATEMENT_TIMEOUT_MS = 60_000;

/** The native provider's statement (docs/provider-wallet-api.md#daily-statement); strings as the wallet API bounds them. */
const walletId = z.string().min(1).max(100);
const statementSchema = z.object({
  date: z.string(),
  provider: z.string(),
  transactions: z.array(
    z.object({
      transactionId: walletId,
      roundId: walletId,
      gameIdentity: walletId,
      kind: z.enum(['bet', 'win', 'rollback']),
      currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
      amountMinor: minorAmountSchema,
      at: z.iso.datetime({ offset: true }),
    }),
  ),
});

const unavailable = (detail: string) =>
  new DomainError(ErrorCode.gameProviderUnavailable, `The game provider's statement: ${detail}`);

/**
 * The native aggregator's statement of `date` (`GET {GAME_PROVIDER_URL}/sandbox/games/api/statements/<date>`,
 * signed as its launch is, answered signed with GAME_WALLET_SECRET, either one during a rotation), as
 * lines keyed like our ledger: `game:<transaction id>`. A call of 0 (a lost round's win) moved no money
 * and has no ledger entry: it is left out, as the line's amount is positive.
 */
export async function nativeStatement(ctx: AppContext, date: string): Promise<PartnerStatement> {
  const day = statementDay(date);
  const base = ctx.config.game.providerUrl ?? ctx.selfUrl();
  const previous = ctx.previousSecrets.gameWallet;
  const raw = await fetchSignedStatement({
    url: `${base}/sandbox/games/api/statements/${day}`,
    secret: ctx.gameWalletSecret,
    accepted: previous ? [ctx.gameWalletSecret, previous] : [ctx.gameWalletSecret],
    timeoutMs: STATEMENT_TIMEOUT_MS,
    unavailable,
  });
  const body = parseStatement(raw, statementSchema, day, unavailable);
  const lines = body.transactions
    .filter((t) => t.amountMinor > 0n)
    .map((t): PartnerStatementLine => ({
      ledgerKey: `game:${t.transactionId}`,
      partnerId: t.transactionId,
      kind: t.kind,
      currency: t.currency,
      amountMinor: t.amountMinor,
      feeMinor: 0n,
      at: new Date(t.at).toISOString(),
      detail: t.gameIdentity,
    }));
  return { partner: 'native', date: day, lines };
}
