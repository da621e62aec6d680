import { providerPaymentAnswerSchema, type ProviderPaymentAnswer, type ProviderPaymentBody } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../lib/errors.ts';
import { fetchSignedStatement } from '../../lib/partner-statement.ts';
import { signedPost } from '../../lib/signing.ts';
import { ErrorCode } from '@casino/contracts';

const TIMEOUT_MS = 10_000;
/** A day's statement may be long: more time than a payment call. */
const STATEMENT_TIMEOUT_MS = 60_000;

const providerBase = (ctx: AppContext) => ctx.config.payment.providerUrl ?? `${ctx.selfUrl()}/sandbox/pay`;

/**
 * The casino's side of the payment provider's API (docs/payment-provider-api.md): a signed JSON POST
 * per payment or payout. The provider keys both on our invoice id, so asking twice is safe.
 */
export async function askProvider(ctx: AppContext, body: ProviderPaymentBody): Promise<ProviderPaymentAnswer> {
  const base = providerBase(ctx);
  let answer;
  try {
    answer = await signedPost(ctx.paymentSecret, `${base}/api/payments`, body, { timeoutMs: TIMEOUT_MS });
  } catch (error) {
    ctx.log.warn({ reference: body.reference, reason: (error as Error).message }, 'payment provider unreachable');
    throw new DomainError(ErrorCode.paymentProviderUnavailable, 'The payment provider is not reachable; try again');
  }
  const parsed = providerPaymentAnswerSchema.safeParse((answer.json as { data?: unknown } | null)?.data);
  if (answer.status !== 200 || !parsed.success) {
    ctx.log.warn(
      { reference: body.reference, requestId: answer.requestId, status: answer.status },
      'payment provider refused',
    );
    throw new DomainError(ErrorCode.paymentProviderUnavailable, 'The payment provider did not accept the request');
  }
  return parsed.data;
}

/** Development: asks the sandbox provider to simulate a crypto transfer to one of its addresses. */
export async function sendTestTransfer(
  ctx: AppContext,
  address: string,
  amount: string,
): Promise<{ transferId: string; confirmAt: string }> {
  const base = providerBase(ctx);
  const answer = await signedPost(
    ctx.paymentSecret,
    `${base}/api/crypto/transfers`,
    { address, amount },
    { timeoutMs: TIMEOUT_MS },
  );
  const body = answer.json as { data?: { transferId: string; confirmAt: string }; error?: { message: string } } | null;
  if (answer.status !== 200 || !body?.data) {
    throw new DomainError(ErrorCode.unprocessable, body?.error?.message ?? 'The provider refused the transfer');
  }
  return body.data;
}

/**
 * The provider's statement of the UTC day `date` (`GET /api/statements/<date>`, signed as every call):
 * its raw JSON, once its signature (the webhooks' secret, either during a rotation) covers these bytes.
 */
export function providerStatement(ctx: AppContext, date: string): Promise<string> {
  const previous = ctx.previousSecrets.payment;
  return fetchSignedStatement({
    url: `${providerBase(ctx)}/api/statements/${date}`,
    secret: ctx.paymentSecret,
    accepted: previous ? [ctx.paymentSecret, previous] : [ctx.paymentSecret],
    timeoutMs: STATEMENT_TIMEOUT_MS,
    unavailable: (detail) => {
      ctx.log.warn({ date, detail }, 'payment provider statement unavailable');
      return new DomainError(ErrorCode.paymentProviderUnavailable, `The payment provider's statement: ${detail}`);
    },
  });
}
