/** Quests: tasks that follow the player's play and profile, rewards paid through the bonus engine. */
export { questsModule } from './manifest.ts';
export {
  createQuestDefinition,
  expireDueQuests,
  issueQuest,
  listQuestDefinitions,
  setQuestEnabled,
} from './service.ts';
export { seedDemoQuests } from './seed.ts';
