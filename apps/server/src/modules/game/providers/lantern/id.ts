/** `games.aggregator` of Lantern's games, the namespace of its ids in the wallet, the key of its secret. */
export const LANTERN_ID = 'lantern';
