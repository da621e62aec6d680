// The game page's surface: loaded with the page's own chunk, never by the site frame (index.ts is
// in the first JS and stays small).
export { GameBreadcrumbs, GamePlay, gameColumnClass, gameColumnStyle } from './game-play.tsx';
export { useGame } from './api/get-game.ts';
