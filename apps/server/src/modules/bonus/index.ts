/** Bonuses: definitions, a player's bonuses from issue to their end, and the wagering rule of the money path (sql/bonus.sql). */
export { bonusRoutes } from './routes.ts';
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
