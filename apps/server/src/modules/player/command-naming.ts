import type { DbOrTx } from '../../db/client.ts';
import type { PlayerNaming } from '../../lib/player-naming.ts';
import { findPlayerBy } from './lookup.ts';

/** How commands name a player (lib/player-naming.ts), for the modules that reach it through the player module. */
export { contactOf, namesPlayer, playerNaming } from '../../lib/player-naming.ts';

/** The player a command names (404 that says what was not found). */
export const playerOf = (db: DbOrTx, body: PlayerNaming) => findPlayerBy(db, body.player ?? body.email ?? '');
