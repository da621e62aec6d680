// What pages outside the wallet use of it (loaded with those pages): the withdraw-only screen's form.
export { WithdrawForm } from './payments/withdraw-form.tsx';
