import { useMutation, useQuery } from '@tanstack/react-query';
import { InvoiceType, PAYMENT_FAILURE_REASONS, type PaymentFailureReason } from '@casino/contracts';
import type {
  DepositBody,
  DepositResult,
  Invoice,
  PaymentMethod,
  WithdrawResult,
  WithdrawalBody,
} from '@casino/contracts';
import { api, apiPage } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { usePreference } from '../display-prefs.ts';

export type Direction = 'deposit' | 'withdrawal';

/** Why the provider refused a payment, when it is a reason the site can explain (`wallet.pay.failure.*`). */
export const failureReasonOf = (invoice: Pick<Invoice, 'publicData'>): PaymentFailureReason | undefined =>
  PAYMENT_FAILURE_REASONS.find((reason) => reason === invoice.publicData?.reason);

/** A withdrawal the player cancelled (the server's `statusResult` for it): not a failure. */
export const cancelledByPlayer = (invoice: Pick<Invoice, 'invoiceType' | 'statusResult'>) =>
  invoice.invoiceType === InvoiceType.withdrawal && invoice.statusResult === 'Cancelled by you';
export type Turnover = {
  currency: string;
  enabled: boolean;
  multiplier: number;
  turnOverWagerAmount: number;
  wageredAmount: number;
  requiredAmount: number;
};

export const invoicesKey = ['payment', 'invoices'] as const;
const invoiceKey = (id: string) => ['payment', 'invoice', id] as const;

/** Methods for the currency, in the payment region the player chose (sent only when it is not where they are). */
export function useMethods(direction: Direction, currency: string | undefined) {
  const country = usePreference('paymentGeo');
  return useQuery({
    queryKey: ['payment', 'methods', direction, currency, country],
    queryFn: ({ signal }) =>
      api<PaymentMethod[]>('GET', `/api/payment/methods/${direction}`, {
        query: { currency: currency!, ...(country ? { country } : {}) },
        signal,
      }),
    enabled: !!currency,
    retry: false,
  });
}

export function useTurnover(currency: string | undefined) {
  return useQuery({
    queryKey: ['payment', 'turnover', currency],
    queryFn: ({ signal }) =>
      api<Turnover>('GET', '/api/risk/reasons/turn-over-wager', { query: { currency: currency! }, signal }),
    enabled: !!currency,
  });
}

export const useCreateDeposit = () =>
  useMutation({
    mutationFn: (body: DepositBody) => api<DepositResult>('POST', '/api/payment/invoices/deposit', { body }),
  });

export const useCreateWithdrawal = () =>
  useMutation({
    mutationFn: (body: WithdrawalBody) => api<WithdrawResult>('POST', '/api/payment/invoices/withdrawal', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoicesKey }),
  });

/**
 * One open invoice. Pushes write into this key; while it is pending it is also polled every 3 s, so a
 * missed push never leaves the player waiting.
 */
export function useInvoice(id: string | undefined) {
  return useQuery({
    queryKey: invoiceKey(id ?? ''),
    queryFn: ({ signal }) => api<Invoice>('GET', `/api/payment/invoices/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 1 ? false : 3000),
  });
}

export type InvoiceFilters = { page: number; type?: number; status?: number };

export function useInvoices(filters: InvoiceFilters, options: { poll?: number } = {}) {
  return useQuery({
    queryKey: [...invoicesKey, filters],
    queryFn: ({ signal }) =>
      apiPage<Invoice>('/api/payment/invoices', {
        query: { perPage: 10, ...filters } as Record<string, number>,
        signal,
      }),
    // A push can be missed (it may land before this page subscribed): while something is pending, look again.
    refetchInterval: (query) =>
      query.state.data?.data.some((invoice) => invoice.status === 1) ? 3000 : (options.poll ?? false),
  });
}

export const useDeclineInvoice = () =>
  useMutation({
    mutationFn: (id: string) => api<Invoice>('PUT', `/api/payment/invoices/${encodeURIComponent(id)}/decline`),
    onSuccess: (invoice) => applyInvoice(invoice),
  });

/** An invoice as the server now says it is (a push, a decline): cached, and the lists refetched. */
export function applyInvoice(invoice: Invoice) {
  queryClient.setQueryData(invoiceKey(invoice.id), invoice);
  void queryClient.invalidateQueries({ queryKey: invoicesKey });
}
