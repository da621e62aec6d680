// What the bonus pages use (loaded with those pages, never in the first JS).
export { BonusesPanel } from './bonuses-panel.tsx';
export { FinishedBonuses } from './finished-bonuses.tsx';
export { BonusCodeForm } from './bonus-code-form.tsx';
export { PendingDepositCodes } from './pending-codes.tsx';
// The game page: whether free spins wait on the game (it then starts for real money, without a stake).
export { useFreespinsWaiting } from './freespins-waiting.ts';
export { Promotions } from './promotions.tsx';
