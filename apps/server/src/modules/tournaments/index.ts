/** Tournaments: a live leaderboard of scoring rounds, prizes paid through the bonus engine. */
export { tournamentRoutes, engineOf } from './routes.ts';
export { completeTournament, runTournamentJob } from './completion.ts';
export { allTournaments, createTournament, findTournament } from './service.ts';
export { seedDemoTournaments } from './seed.ts';
