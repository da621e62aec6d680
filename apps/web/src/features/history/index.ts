// Public surface of the history feature: the profile's bets and transactions view.
export { HistoryView } from './history-view.tsx';
