import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { closeBooks, closeIsOff, type DayClose } from '../wallet/index.ts';

/**
 * The daily close (docs/books.md): once a UTC day is over (and a grace for the transactions still
 * committing), the books close it; a day that does not balance, or whose player accounts disagree with
 * the wallet, is an alert in the logs and on /metrics (`books_days_off`).
 */

/** After midnight the close waits this long, so a transaction begun before it has committed. */
export const CLOSE_GRACE_MS = 10 * 60_000;

/** The last UTC day that is over, grace included. */
export const lastDayOver = (now = Date.now()) => new Date(now - CLOSE_GRACE_MS - 86_400_000).toISOString().slice(0, 10);

/** Closes what is due (or again from `again`), and raises the alert for each day found off. */
export async function closeDueDays(db: DbOrTx, log: AppContext['log'] | null, again?: string): Promise<DayClose[]> {
  const closes = await closeBooks(db, lastDayOver(), again);
  for (const close of closes.filter(closeIsOff))
    log?.error(
      {
        day: close.day,
        currency: close.currency,
        trialBalance: String(close.trialBalance),
        accountsOff: close.accountsOff,
      },
      'books: a closed day does not balance',
    );
  return closes;
}
