// Public surface of the quests feature: the push channel (loaded on demand) and the hub's entry button.
export const loadQuestsChannel = () => import('./quests-channel.ts');
export { QuestsEntry, QuestsProfileCard } from './quests-entry.tsx';
