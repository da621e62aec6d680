import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { InvoiceType, type Invoice } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import {
  cancelledByPlayer,
  failureReasonOf,
  useDeclineInvoice,
  useInvoices,
  type InvoiceFilters,
} from '../api/payments.ts';
import { invoiceMethodName } from './payment-parts.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';
import '../i18n/index.ts';

const STATUS_TONE: Record<number, string> = {
  1: 'bg-warn/15 text-warn',
  2: 'bg-success/15 text-success',
  3: 'bg-danger/15 text-danger',
  4: 'bg-line text-muted',
};
/** A withdrawal the player cancelled: neutral, it did not fail. */
const CANCELLED_TONE = 'bg-line text-muted';

/** The server's note in the player's words where there is one (a card's reason; a cancel shows in the badge). */
function statusNoteOf(t: TFunction, invoice: Invoice) {
  const reason = failureReasonOf(invoice);
  if (reason) return t(`wallet.pay.failure.${reason}.title`);
  if (invoice.status === 4 && invoice.invoiceType === 1) return t('wallet.tx.expiredNote');
  return cancelledByPlayer(invoice) ? '' : invoice.statusResult;
}

/** Cancelling a withdrawal asks first, in the row: focus goes to "Keep it", and back to "Cancel" if kept. */
function useWithdrawalCancel(date: Intl.DateTimeFormat) {
  const { t } = useTranslation();
  const money = useMoney();
  const decline = useDeclineInvoice();
  const [asking, setAsking] = useState<string>();
  const [kept, setKept] = useState<string>();
  const keepButton = useRef<HTMLButtonElement>(null);
  const cancelButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (asking) keepButton.current?.focus();
    else if (kept) cancelButtons.current.get(kept)?.focus();
  }, [asking, kept]);

  const cancel = (invoice: Invoice) =>
    decline.mutate(invoice.id, {
      onSuccess: () =>
        toast({
          type: 'default',
          title: t('wallet.pay.withdrawCancelled', {
            sum: money(invoice.amount, invoice.currency),
            date: date.format(new Date(invoice.createdAt)),
          }),
        }),
      onError: (failure) => toast({ type: 'error', title: t('wallet.actionFailed'), description: failure.message }),
    });
  return {
    decline,
    asking,
    keepButton,
    /** Each row's "Cancel" button, kept by invoice to give focus back to. */
    cancelButtonRef: (id: string) => (button: HTMLButtonElement | null) => {
      if (button) cancelButtons.current.set(id, button);
      else cancelButtons.current.delete(id);
    },
    ask: (id: string) => {
      setKept(undefined);
      setAsking(id);
    },
    confirm: (invoice: Invoice) => {
      setAsking(undefined);
      cancel(invoice);
    },
    keep: (id: string) => {
      setKept(id);
      setAsking(undefined);
    },
  };
}

type WithdrawalCancel = ReturnType<typeof useWithdrawalCancel>;

/** The type and status filters; changing one goes back to the first page. */
function TransactionFilters({
  filters,
  onFilters,
}: {
  filters: InvoiceFilters;
  onFilters: (filters: InvoiceFilters) => void;
}) {
  const { t } = useTranslation();
  const select = (label: string, value: number | undefined, options: [number, string][], key: 'type' | 'status') => (
    <label className="flex flex-col gap-1 text-sm font-medium text-fg">
      {label}
      <select
        className="h-10 rounded-xl border border-line bg-page px-3 text-fg"
        value={value ?? ''}
        onChange={(e) => onFilters({ ...filters, page: 1, [key]: e.target.value ? Number(e.target.value) : undefined })}
      >
        <option value="">{t('wallet.tx.all')}</option>
        {options.map(([id, text]) => (
          <option key={id} value={id}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="flex flex-wrap gap-3">
      {select(
        t('wallet.tx.type'),
        filters.type,
        [
          [1, t('wallet.tx.deposit')],
          [2, t('wallet.tx.withdrawal')],
        ],
        'type',
      )}
      {select(
        t('wallet.tx.status'),
        filters.status,
        [
          [1, t('wallet.tx.status1')],
          [2, t('wallet.tx.status2')],
          [3, t('wallet.tx.status3')],
          [4, t('wallet.tx.status4')],
        ],
        'status',
      )}
    </div>
  );
}

/** One deposit or withdrawal: what, when, how much, its status, and cancelling it while it may be. */
function InvoiceRow({
  invoice,
  date,
  cancelling,
}: {
  invoice: Invoice;
  date: Intl.DateTimeFormat;
  cancelling: WithdrawalCancel;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { decline, asking } = cancelling;
  const statusNote = statusNoteOf(t, invoice);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">
          {invoice.invoiceType === InvoiceType.deposit ? t('wallet.tx.deposit') : t('wallet.tx.withdrawal')} #
          {invoice.number}
        </p>
        <p className="text-muted">
          {date.format(new Date(invoice.createdAt))} · {invoiceMethodName(t, invoice.paymentMethod)}
          {statusNote && ` · ${statusNote}`}
        </p>
      </div>
      <span className="font-semibold tabular-nums text-fg">{money(invoice.amount, invoice.currency)}</span>
      <span
        className={cn(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
          cancelledByPlayer(invoice) ? CANCELLED_TONE : STATUS_TONE[invoice.status],
        )}
      >
        {cancelledByPlayer(invoice) ? t('wallet.tx.cancelled') : t(`wallet.tx.status${invoice.status}`)}
      </span>
      {invoice.cancellable && asking !== invoice.id && (
        <Button
          ref={cancelling.cancelButtonRef(invoice.id)}
          size="sm"
          variant="secondary"
          loading={decline.isPending && decline.variables === invoice.id}
          onClick={() => cancelling.ask(invoice.id)}
          aria-label={t('wallet.tx.cancelLabel', { number: invoice.number })}
        >
          {t('wallet.tx.cancel')}
        </Button>
      )}
      {invoice.cancellable && asking === invoice.id && <CancelAsk invoice={invoice} cancelling={cancelling} />}
    </li>
  );
}

/** "Cancel withdrawal #n?", asked in the row: cancel it, or keep it. */
function CancelAsk({ invoice, cancelling }: { invoice: Invoice; cancelling: WithdrawalCancel }) {
  const { t } = useTranslation();
  const { keepButton, confirm, keep } = cancelling;
  const money = useMoney();
  return (
    <fieldset className="m-0 flex w-full min-w-0 flex-wrap items-center gap-2 rounded-xl border border-line bg-raised px-3 py-2">
      <legend className="sr-only">{t('wallet.tx.cancelAsk', { number: invoice.number })}</legend>
      <p className="mr-auto text-sm text-fg">
        <span aria-hidden="true" className="font-semibold">
          {t('wallet.tx.cancelAsk', { number: invoice.number })}
        </span>{' '}
        {t('wallet.tx.cancelAskText', { sum: money(invoice.amount, invoice.currency) })}
      </p>
      <Button size="sm" onClick={() => confirm(invoice)}>
        {t('wallet.tx.cancelYes')}
      </Button>
      <Button ref={keepButton} size="sm" variant="secondary" onClick={() => keep(invoice.id)}>
        {t('wallet.tx.cancelKeep')}
      </Button>
    </fieldset>
  );
}

/** Previous and next page, with where the player is. */
function PageNav({
  filters,
  totalPages,
  onFilters,
}: {
  filters: InvoiceFilters;
  totalPages: number;
  onFilters: (filters: InvoiceFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('wallet.tx.pages')} className="flex items-center justify-between gap-3">
      <Button
        size="sm"
        variant="secondary"
        disabled={filters.page <= 1}
        onClick={() => onFilters({ ...filters, page: filters.page - 1 })}
      >
        {t('wallet.tx.previous')}
      </Button>
      <span className="text-sm text-muted">{t('wallet.tx.pageOf', { page: filters.page, total: totalPages })}</span>
      <Button
        size="sm"
        variant="secondary"
        disabled={filters.page >= totalPages}
        onClick={() => onFilters({ ...filters, page: filters.page + 1 })}
      >
        {t('wallet.tx.next')}
      </Button>
    </nav>
  );
}

/**
 * The player's deposits and withdrawals (`GET /api/payment/invoices`), filtered by type and status,
 * ten a page; a withdrawal not yet sent can be cancelled here.
 */
export function TransactionsPanel({
  filters,
  onFilters,
}: {
  filters: InvoiceFilters;
  onFilters: (filters: InvoiceFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices(filters);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const cancelling = useWithdrawalCancel(date);

  const rows = invoices.data?.data ?? [];
  const meta = invoices.data?.meta;
  return (
    <div className="space-y-4">
      <TransactionFilters filters={filters} onFilters={onFilters} />
      {invoices.isPending && <Spinner label={t('wallet.tx.loading')} />}
      {invoices.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-danger">
          {t('wallet.tx.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void invoices.refetch()}>
            {t('wallet.retry')}
          </Button>
        </div>
      )}
      {invoices.data && rows.length === 0 && <p className="text-sm text-muted">{t('wallet.tx.empty')}</p>}
      {rows.length > 0 && (
        <ul
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
          aria-label={t('wallet.tx.title')}
        >
          {rows.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} date={date} cancelling={cancelling} />
          ))}
        </ul>
      )}
      {meta && meta.totalPages > 1 && <PageNav filters={filters} totalPages={meta.totalPages} onFilters={onFilters} />}
    </div>
  );
}
