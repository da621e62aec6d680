/** Quests: tasks that follow the player's play and profile, rewards paid through the bonus engine. */
export { questRoutes } from './routes.ts';
export {
  createQuestDefinition,
  expireDueQuests,
  issueQuest,
  listQuestDefinitions,
  setQuestEnabled,
} from './service.ts';
export { seedDemoQuests } from './seed.ts';
