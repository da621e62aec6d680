/** Tournaments: a live leaderboard of scoring rounds, prizes paid through the bonus engine. */
export {};
