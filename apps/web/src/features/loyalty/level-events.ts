import type { LoyaltyAccount } from '@casino/contracts';

/**
 * `loyaltyLevelUpdated`: the account reached a higher level, handed from the push channel to whatever
 * on screen tells the player (the level-up modal, or a notice on a game page). A plain listener set,
 * so the channel module (with its zod schemas) loads with the player's channels and the UI only listens.
 */
type Listener = (account: LoyaltyAccount) => void;
const listeners = new Set<Listener>();

export function onLoyaltyLevelUpdated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitLoyaltyLevelUpdated(account: LoyaltyAccount): void {
  for (const listener of listeners) listener(account);
}
