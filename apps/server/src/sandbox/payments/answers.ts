import type { PaymentFailureReason, ProviderPaymentAnswer } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { qrOf, type Payment } from './provider.ts';

/** The provider's own collection account for bank transfers (a sandbox IBAN). */
export const SANDBOX_COLLECTION_IBAN = 'LU280019400644750000';

/** The answer to the casino; a failed payment says why. */
export function answerOf(ctx: AppContext, payment: Payment): ProviderPaymentAnswer {
  const reasonCode = payment.details.reasonCode as PaymentFailureReason | undefined;
  return payment.status === 'failed' && reasonCode ? { ...stateOf(ctx, payment), reasonCode } : stateOf(ctx, payment);
}

function stateOf(ctx: AppContext, payment: Payment): ProviderPaymentAnswer {
  const status = payment.status === 'challenge' ? 'pending' : payment.status;
  if (payment.kind === 'payout') return { paymentId: payment.id, status };
  if (payment.kind === 'address') {
    return {
      paymentId: payment.id,
      status: 'pending',
      address: payment.details.address!,
      ...(payment.details.tag ? { tag: payment.details.tag } : {}),
      qr: payment.details.tag ? `${payment.details.address}?dt=${payment.details.tag}` : payment.details.address!,
      // Outside production the sandbox offers a page that sends a test transfer to this address.
      ...(ctx.config.production ? {} : { url: `/sandbox/pay/crypto/${payment.id}` }),
    };
  }
  switch (payment.method) {
    case 'card':
      return { paymentId: payment.id, status, url: `/sandbox/pay/checkout/${payment.id}` };
    case 'ewallet':
      return { paymentId: payment.id, status, url: `/sandbox/pay/ewallet/${payment.id}` };
    case 'qr_pay':
      return { paymentId: payment.id, status, qr: qrOf(payment) };
    case 'pix':
      // Like a real PIX acquirer, the code is issued a moment later and reported by webhook.
      return { paymentId: payment.id, status };
    default:
      return { paymentId: payment.id, status, address: SANDBOX_COLLECTION_IBAN };
  }
}
