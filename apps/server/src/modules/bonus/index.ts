/** Bonuses: definitions, a player's bonuses from issue to their end, and the wagering rule of the money path (sql/bonus.sql). */
export { bonusModule } from './manifest.ts';
export { issueOffer, offerResult, WITHHELD_NO_CONSENT, type IssuedOffer, type WithheldOffer } from './offer.ts';
export { signUpBonusCode } from './codes-routes.ts';
export { createCode, listCodes, seedDemoCodes } from './codes.ts';
export { assertDepositBonus } from './deposit.ts';
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
