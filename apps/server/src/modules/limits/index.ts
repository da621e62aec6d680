/** Responsible-gaming limits: bet, loss, self-exclusion and cooling-off, checked at launch and at every bet. */
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
