/** Payments: methods, deposit and withdrawal invoices through the payment provider, webhooks, the turnover gate. */
export { paymentModule } from './manifest.ts';
export { approveWithdrawal, declineWithdrawal } from './withdrawals.ts';
export { confirmDeposit, openPaymentsOf, type OpenPayments, paymentTotalsSince } from './deposits.ts';
export { pendingWithdrawals, waitingBankDeposits, type OperatorInvoice } from './invoice-views.ts';
export { wireInvoice } from './invoices.ts';
export { withdrawOnBehalf } from './on-behalf.ts';
export { sendTestTransfer } from './provider-client.ts';
export { unpaidInvoices, type UnpaidInvoices } from './report-facts.ts';
export { paymentStatements } from './providers/statements.ts';
export {
  cardDeclinesSince,
  lastPaidDepositBefore,
  paidDepositsSince,
  withdrawalRequestsSince,
  type PaymentFact,
} from './risk-facts.ts';
