// Public surface of the wallet feature. The wallet modal is not here: the modal registry loads it lazily.
import { lazy } from 'react';

/** Players only, so guests never download it; render it inside a Suspense boundary. */
export const HeaderBalance = lazy(() => import('./header-balance.tsx').then((m) => ({ default: m.HeaderBalance })));
export { accountsQueryKey, fetchAccounts, useAccounts, activeAccount } from './api/get-accounts.ts';
export { replaceAccount, refreshAccounts, loadAccounts } from './accounts-cache.ts';
export { prefillDeposit } from './payments/deposit-prefill.ts';
export { useDepositBonuses } from './api/deposit-bonuses.ts';
export { depositRange, mostOf } from './payments/deposit-bonus.ts';
export { acknowledgeBonusLock, withdrawNeedsBonusLock } from './withdraw-gate.ts';
/** The transactions tab of the history page; lazy so the payments screens stay out of the first JS. */
export const TransactionsPanel = lazy(() =>
  import('./payments/transactions.tsx').then((m) => ({ default: m.TransactionsPanel })),
);
export type { InvoiceFilters } from './api/payments.ts';

/** The push channels, loaded on demand: their payload schemas (zod) stay out of the first JS. */
export const loadAccountsChannel = () => import('./accounts-channel.ts');
export const loadPaymentInvoicesChannel = () => import('./payments/invoices-channel.ts');
/** A bonus's terms as players read them (the promotions page, the bonus details; render inside Suspense). */
export const BonusTermsList = lazy(() => import('./bonus-terms.tsx').then((m) => ({ default: m.BonusTermsList })));
