/** Tournaments: a live leaderboard of scoring rounds, prizes paid through the bonus engine. */
export { engineOf, tournamentsModule } from './manifest.ts';
export { completeTournament, runTournamentJob } from './completion.ts';
export { allTournaments, createTournament, findTournament } from './service.ts';
export { seedDemoTournaments } from './seed.ts';
