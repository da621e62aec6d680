// The `game:bets` pushes and their max-bets modal value, for another page that runs a game (the
// sportsbook). Not in index.ts: that one is in the first JS, and these belong to a page's chunk.
export { onGameBetPush, type GameBetPush } from './game-bets-events.ts';
export { maxBetsValue, type MaxBetsScope } from './max-bets-value.ts';
