import { Channel, InvoiceStatus, InvoiceType, invoiceUpdatedSchema } from '@casino/contracts';
import { i18n } from '@/shared/i18n';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { toast } from '@/shared/ui/toast.ts';
import { applyInvoice, cancelledByPlayer, failureReasonOf } from '../api/payments.ts';
import { formatMoney } from '@/shared/lib/format-money.ts';
import '../i18n/index.ts';

/**
 * `payment:invoices#<playerId>`: each update carries the whole invoice, which replaces the cached one
 * (the open deposit step and the transactions list follow), and a finished one is announced.
 */
export function subscribePaymentInvoices(playerId: string): Promise<() => void> {
  return subscribeChannel(Channel.paymentInvoices(playerId), {
    onPublication(data) {
      const push = invoiceUpdatedSchema.safeParse(data);
      if (!push.success) return;
      const invoice = push.data.invoice;
      applyInvoice(invoice);
      if (invoice.status === 1) {
        // A crypto transfer seen on chain: say so at once; it is credited after its confirmations.
        if (invoice.paymentMethod === 'crypto' && invoice.invoiceType === InvoiceType.deposit && !invoice.updatedAt) {
          const sum = formatMoney(invoice.amount, invoice.currency, undefined, i18n.language);
          toast({ type: 'default', title: i18n.t('wallet.pay.pushDepositSeen', { sum }) });
        }
        return;
      }
      const sum = formatMoney(invoice.amount, invoice.currency, undefined, i18n.language);
      const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(invoice.createdAt),
      );
      if (invoice.invoiceType === InvoiceType.deposit) {
        // A deposit left unpaid expires: nothing went wrong and nothing was charged. The history says
        // "Expired" calmly; a red toast half an hour later, over the next deposit, said otherwise.
        if (invoice.status === InvoiceStatus.expired) return;
        if (invoice.status === 2) toast({ type: 'success', title: i18n.t('wallet.pay.pushDepositSuccess', { sum }) });
        else {
          const reason = failureReasonOf(invoice);
          toast(
            reason
              ? {
                  type: 'error',
                  title: i18n.t(`wallet.pay.failure.${reason}.title`),
                  description: i18n.t(`wallet.pay.failure.${reason}.text`, { sum }),
                }
              : { type: 'error', title: i18n.t('wallet.pay.depositFailedText', { sum, date }) },
          );
        }
      } else if (!cancelledByPlayer(invoice)) {
        toast({
          type: invoice.status === 2 ? 'success' : 'error',
          title: i18n.t(invoice.status === 2 ? 'wallet.pay.pushWithdrawalPaid' : 'wallet.pay.pushWithdrawalFailed', {
            sum,
          }),
        });
      }
    },
  });
}
