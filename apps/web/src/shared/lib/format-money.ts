// The formatter lives in contracts: the server writes amounts in messages the same way.
export { displayUnit, exactDisplayAmount, formatMoney, type DisplayCurrency as CurrencyInfo } from '@casino/contracts';
