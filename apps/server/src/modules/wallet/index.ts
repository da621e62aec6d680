/** Currency accounts and the ledger: every balance change goes through `postEntry` (or the database's wallet_post). */
export { walletModule } from './manifest.ts';
export {
  accountById,
  accountCurrency,
  accountIn,
  accountNotFound,
  forgetAccountsOf,
  listAccounts,
  listHiddenAccounts,
  openAccount,
  playableAccount,
  type WalletAccount,
} from './accounts.ts';
export {
  adjust,
  credit,
  InsufficientFundsError,
  lockAccount,
  positiveMinor,
  postEntry,
  type Counterparty,
  type CreditResult,
  type PostEntryInput,
} from './ledger.ts';
export { moneyAtRisk, playSinceDays, realLossesBetween } from './play-counts.ts';
export {
  balancesAt,
  closeBooks,
  closeIsOff,
  dayCloses,
  daysOff,
  entriesByKeys,
  entriesOfDay,
  type EntryLine,
  lastClosedDay,
  offCloses,
  type AccountBalance,
  type DayClose,
} from './books.ts';
