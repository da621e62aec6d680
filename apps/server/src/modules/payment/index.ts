/** Payments: methods, deposit and withdrawal invoices through the payment provider, webhooks, the turnover gate. */
export { paymentRoutes, paymentWebhookRoutes, riskRoutes } from './routes.ts';
export {
  approveWithdrawal,
  confirmDeposit,
  declineWithdrawal,
  openPaymentsOf,
  type OpenPayments,
  paymentTotalsSince,
  pendingWithdrawals,
  waitingBankDeposits,
  type OperatorInvoice,
  wireInvoice,
} from './service.ts';
export { withdrawOnBehalf } from './on-behalf.ts';
export { sendTestTransfer } from './provider-client.ts';
