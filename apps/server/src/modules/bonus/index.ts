/** Bonuses: definitions, a player's bonuses from issue to their end, and the wagering rule of the money path (sql/bonus.sql). */
export { bonusRoutes } from './routes.ts';
export { freespinRoutes } from './freespins-routes.ts';
export { issueOffer, offerResult, WITHHELD_NO_CONSENT, type IssuedOffer, type WithheldOffer } from './offer.ts';
export { bonusCodeRoutes, signUpBonusCode } from './codes-routes.ts';
export { createCode, listCodes, seedDemoCodes } from './codes.ts';
export { depositBonusRoutes } from './offers-routes.ts';
export { promotionRoutes } from './promotions-routes.ts';
export { assertDepositBonus } from './deposit.ts';
export { cashbackRoutes } from './cashback-routes.ts';
export { runCashback } from './cashback.ts';
export {
  activateBonus,
  createDefinition,
  DEFAULT_BONUS_RULES,
  issueBonus,
  listDefinitions,
  seedDemoBonuses,
  setDefinitionEnabled,
  type BonusRules,
} from './service.ts';
