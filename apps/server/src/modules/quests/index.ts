/** Quests: tasks that follow the player's play and profile, rewards paid through the bonus engine. */
export { questsModule } from './manifest.ts';
export { createQuestDefinition, listQuestDefinitions, setQuestEnabled } from './definitions.ts';
export { expireDueQuests } from './expiry.ts';
export { issueQuest } from './player-quests.ts';
export { seedDemoQuests } from './seed.ts';
