import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { findPlayerBy, type PlayerRef } from '../modules/player/index.ts';

/** How a command names its player: `player`, an e-mail, a phone number or an id; `email` is its older name. */
export const playerNaming = {
  player: z.string().min(1).max(254).optional(),
  email: z.string().min(1).max(254).optional(),
};
export const namesPlayer: [
  (body: { player?: string | undefined; email?: string | undefined }) => boolean,
  { path: string[]; message: string },
] = [
  (body) => (body.player ?? body.email) !== undefined,
  { path: ['player'], message: 'Name the player: an e-mail, a phone number or an id' },
];

/** The player a command names (404 that says what was not found). */
export const playerOf = (db: DbOrTx, body: { player?: string | undefined; email?: string | undefined }) =>
  findPlayerBy(db, body.player ?? body.email ?? '');

/** The address or number a one-line answer names the player by. */
export const contactOf = (player: PlayerRef) => player.email ?? player.phone ?? player.id;
