/** Currency accounts and the ledger: every balance change goes through `postEntry` (or the database's wallet_post). */
export { walletRoutes } from './routes.ts';
export {
  accountById,
  accountCurrency,
  accountIn,
  accountNotFound,
  listAccounts,
  openAccount,
  playableAccount,
  type WalletAccount,
} from './accounts.ts';
export {
  credit,
  InsufficientFundsError,
  positiveMinor,
  postEntry,
  wageredOn,
  type CreditResult,
  type PostEntryInput,
} from './ledger.ts';
