// Public surface of the wallet feature. The wallet modal is not here: the modal registry loads it lazily.
export { HeaderBalance } from './header-balance.tsx';
export { accountsQueryKey, fetchAccounts, useAccounts, activeAccount } from './api/get-accounts.ts';
export { currenciesQueryKey, useCurrencies } from './api/get-currencies.ts';
export { replaceAccount, refreshAccounts, loadAccounts } from './accounts-cache.ts';
export { formatMoney, exactDisplayAmount } from './format-money.ts';
export { useMoney } from './use-money.ts';
