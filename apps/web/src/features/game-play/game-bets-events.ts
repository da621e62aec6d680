/**
 * Pushes of `game:bets#<playerId>`, handed from the channel to the game page on screen. A plain
 * listener set: the channel module (with its zod schemas) loads with the player's channels, the
 * page only listens.
 */
export type GameBetPush =
  | { kind: 'restricted'; gameIdentity: string }
  /** A sports ticket was settled. */
  | { kind: 'settled' }
  | {
      kind: 'max-exceed';
      gameIdentity: string;
      currency: string;
      maxBetAmount: number;
      /** The sportsbook's maximum stake per bet or per event; absent: a bonus's maximum bet. */
      limit?: 'bet' | 'event';
    };

type Listener = (push: GameBetPush) => void;
const listeners = new Set<Listener>();

export function onGameBetPush(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitGameBetPush(push: GameBetPush): void {
  for (const listener of listeners) listener(push);
}
