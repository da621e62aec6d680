/** Quests: tasks that follow the player's play and profile, rewards paid through the bonus engine. */
export {};
