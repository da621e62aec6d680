import { z } from 'zod';
import { playerBonusesQuerySchema } from './bonus.ts';
import { text } from './text.ts';

/**
 * Free spins (`/api/game/player-freespins`): `count` spins at a fixed stake on one game. Issued (1),
 * activated (2: granted to the game's provider, which plays them without a stake), finished (3) with a
 * result: 2 played (every spin used), 3 cancelled, 4 expired. Their winnings become a bonus with the
 * definition's wagering (`bonusId`).
 */
export const playerFreespinSchema = z.object({
  id: text(),
  name: text(),
  status: z.number().int(),
  result: z.number().int(),
  count: z.number().int(),
  usedCount: z.number().int(),
  /** Spins used, in percent of the count. */
  progress: z.number(),
  gameId: text(),
  currency: text(),
  /** The stake of one spin and the winnings so far, major units of `currency`. */
  stakeAmount: z.number(),
  winAmount: z.number(),
  /** The bonus the winnings became (once the spins ended with winnings). */
  bonusId: text().nullable(),
  issuedAt: text(),
  /** When an active grant's spins can no longer be played. */
  expiredAt: text().nullable(),
  activationExpiredAt: text().nullable(),
  wageringExpiredAt: text().nullable(),
  createdAt: text(),
  finishedAt: text().nullable(),
  packageId: text().nullable(),
  packagePriority: z.number().int(),
  issueSessionId: text().nullable(),
});
export type PlayerFreespin = z.infer<typeof playerFreespinSchema>;

/** `GET /api/game/player-freespins?status[]=1&status[]=2&currency[]=EUR&page&perPage` (as the bonus list). */
export const playerFreespinsQuerySchema = playerBonusesQuerySchema;

/** Payload on `bonus:player-freespins#<playerId>`: free spins issued (`created`) or changed. */
export const playerFreespinPushSchema = z.object({
  event: z.enum(['player.freespin.created', 'player.freespin.updated']),
  playerFreespin: playerFreespinSchema.pick({
    id: true,
    name: true,
    count: true,
    usedCount: true,
    currency: true,
    gameId: true,
    status: true,
    result: true,
    winAmount: true,
  }),
});
export type PlayerFreespinPush = z.infer<typeof playerFreespinPushSchema>;

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * The casino grants free spins to the game provider (`POST {GAME_PROVIDER_URL}/sandbox/games/api/freespins`,
 * signed like the launch): the provider plays them for the player (the id the launch names) on the game,
 * each spin's win naming `{kind: 'free-spins', id: grantId}`. Granting the same id again changes nothing.
 */
export const providerFreespinGrantSchema = z.object({
  grantId: text().min(1).max(100),
  playerId: text().min(1).max(100),
  gameIdentity: text().min(1).max(200),
  currency: text().regex(/^[A-Z0-9]{2,10}$/),
  count: z.number().int().min(1).max(10_000),
  stake: minor,
  expiresAt: z.iso.datetime({ offset: true }),
  /**
   * What the spins' winnings become at the casino, for the summary the game shows after the last spin:
   * bonus money to wager `wagerMultiplier` times (0: none). Absent: the game only says the casino credits them.
   */
  winnings: z.object({ wagerMultiplier: z.number().int().min(0).max(100) }).optional(),
});
export type ProviderFreespinGrant = z.infer<typeof providerFreespinGrantSchema>;
/** `POST …/api/freespins/revoke`: the grant's spins left can no longer be played. */
export const providerFreespinRevokeSchema = z.object({ grantId: text().min(1).max(100) });
