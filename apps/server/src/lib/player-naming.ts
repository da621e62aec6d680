import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';

/**
 * How an operator command names its player, and the player a one-line answer names: every command's
 * (the player module finds the player: its `playerOf`, given to the modules below it as a port).
 */

/** How a command names its player: `player`, an e-mail, a phone number or an id; `email` is its older name. */
export const playerNaming = {
  player: z.string().min(1).max(254).optional(),
  email: z.string().min(1).max(254).optional(),
};
export type PlayerNaming = { player?: string | undefined; email?: string | undefined };

export const namesPlayer: [(body: PlayerNaming) => boolean, { path: string[]; message: string }] = [
  (body) => (body.player ?? body.email) !== undefined,
  { path: ['player'], message: 'Name the player: an e-mail, a phone number or an id' },
];

/** A player as an answer names them. */
export type NamedPlayer = { id: string; email: string | null; phone: string | null };

/** The address or number a one-line answer names the player by. */
export const contactOf = (player: NamedPlayer) => player.email ?? player.phone ?? player.id;

/** The player a command names (404 that says what was not found). */
export type FindPlayer = (db: DbOrTx, naming: PlayerNaming) => Promise<NamedPlayer>;
