/** Games: the catalogue, launches, real-money play through the seamless wallet, and histories. */
export { gameModule } from './manifest.ts';
export {
  findGame,
  gameIdsInCollections,
  gameLabels,
  publicCatalogueIdentities,
  setGameEnabled,
} from './catalogue/service.ts';
export { grantsFreespins } from './providers/registry.ts';
export { seedCatalogue } from './catalogue/seed/seed-catalogue.ts';
export { LANTERN_GAME_IDENTITIES, seedLanternGames } from './catalogue/seed/lantern-games.ts';
export { closeLiveGameSessions } from './play/service.ts';
export { ABANDONED_ROUND_MS, openPlayOf, type OpenPlay } from './play/open-play.ts';
export { playSince } from './history/service.ts';

export { gameStatements } from './providers/statements.ts';
export { gameFacts, type GameFacts } from './catalogue/rtp.ts';
