/** Responsible-gaming limits: bet, loss, deposit, self-exclusion and cooling-off, set by the player and checked at every bet and deposit. */
export {
  activeExclusion,
  assertMayPlay,
  depositLimitsInEffect,
  excludePlayer,
  moneyLimitsInEffect,
  periodStarts,
  playRefusal,
  setMoneyLimit,
  type CashPeriod,
  type ExclusionType,
  type MoneyLimitType,
} from './service.ts';
export { applyDueLimitChanges, type LimitsPorts } from './player-limits.ts';
export { LIMIT_CHANGE_EVENT, limitAmount, type LimitChangedEvent } from './changes.ts';
export { limitsModule } from './manifest.ts';
