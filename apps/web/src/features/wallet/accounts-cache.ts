import type { Account } from '@casino/contracts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { accountsQueryKey, fetchAccounts } from './api/get-accounts.ts';

/** A pushed account is the full, newer state of that account: it replaces the cached one with the same id. */
export function replaceAccount(account: Account): void {
  const list = queryClient.getQueryData<Account[]>(accountsQueryKey);
  if (!list) return; // nothing shown yet; the first fetch brings the current state anyway
  if (!list.some((a) => a.id === account.id)) {
    // An account this tab has not seen (added elsewhere): the list is stale, fetch it whole.
    void refreshAccounts();
    return;
  }
  queryClient.setQueryData<Account[]>(
    accountsQueryKey,
    list.map((a) => (a.id === account.id ? account : a)),
  );
}

/** Refetches even when nothing on screen watches the list (after a missed push); failures leave the list as it was. */
export function refreshAccounts(): Promise<void> {
  return loadAccounts().then(
    () => undefined,
    () => undefined,
  );
}

/** Loads the list into the cache after login or on boot; `quiet` keeps a 401 from opening sign-in. */
export function loadAccounts(quiet = false): Promise<Account[]> {
  // fetchQuery shares the request with a wallet modal that opens at the same moment.
  return queryClient.fetchQuery({
    queryKey: accountsQueryKey,
    queryFn: () => fetchAccounts({ redirectOnAuthError: !quiet }),
    staleTime: 0,
  });
}
