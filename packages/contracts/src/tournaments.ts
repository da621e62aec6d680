import { z } from 'zod';
import { pageQuerySchema } from './envelope.ts';
import { text } from './text.ts';

export { TournamentState } from './tournament-state.ts';

/** A prize: 1 a bonus, 2 free spins (both a bonus definition's, paid by the bonus engine), 3 loyalty points. */
export const TournamentPrizeType = { bonus: 1, freeSpins: 2, points: 3 } as const;

/** How rounds score: the total won, the biggest win ÷ stake (×100, whole), the total staked; base-currency minor units. */
export const TOURNAMENT_SCORINGS = ['win', 'multiplier', 'stake'] as const;
export type TournamentScoring = (typeof TOURNAMENT_SCORINGS)[number];

/** How many rows of a tournament's leaderboard are pushed and shown: the top 10. */
export const TOURNAMENT_LEADERBOARD_SIZE = 10;

/**
 * A leaderboard row as anyone may see it: the masked public name (`jo***`, as the winners feed shows
 * it), never a player's id nor the whole nickname. `isMe` marks the asking player's own row (the
 * detail to a player; the public push carries no such mark: a page knows its own place from
 * `playerEntry`).
 */
export const tournamentLeaderRowSchema = z.object({
  nickname: text().nullable(),
  place: z.number().int(),
  points: z.number(),
  isMe: z.boolean().optional(),
});
export type TournamentLeaderRow = z.infer<typeof tournamentLeaderRowSchema>;

export const tournamentPrizeSchema = z.object({
  place: z.number().int(),
  type: z.number().int(),
  title: text(),
  bonusId: text().optional(),
  /**
   * Only on the asking player's own prize of a finished tournament: it was held, not paid, because the
   * player had opted out of promotional bonuses (`receiveBonus` off; opting in later does not pay it).
   */
  held: z.literal('no_bonus_consent').optional(),
  /** Who holds (or won) the place: masked as a leaderboard row, `isMe` for the asking player. */
  entry: z
    .object({
      isMe: z.boolean().optional(),
      nickname: text().nullable(),
      points: z.number(),
      createdAt: text(),
      updatedAt: text().nullable(),
    })
    .optional(),
});
export type TournamentPrize = z.infer<typeof tournamentPrizeSchema>;

/**
 * `GET /api/retention/tournaments[/{id}]`: the spec's shape. Beyond it: `description`, `scoring`,
 * `baseCurrency` (points of `win`/`stake` are its minor units; of `multiplier`, the multiplier × 100),
 * `places` (the prize table, for guests too) and `conditions.gameIds`. Only the detail, to a player,
 * carries `playerEntry`, `prizes` and `leaderboard` (the top 10).
 */
export const tournamentSchema = z.object({
  id: text(),
  identity: text(),
  title: text(),
  description: text(),
  type: z.number().int(),
  state: z.number().int(),
  startAt: text(),
  endAt: text(),
  isAvailable: z.boolean(),
  confirmationRequired: z.boolean(),
  scoring: z.enum(TOURNAMENT_SCORINGS),
  baseCurrency: text(),
  rates: z.object({ baseCurrencyRate: z.number() }),
  conditions: z.object({
    gameCollections: z.array(text()).optional(),
    gameIds: z.array(text()).optional(),
    /** The smallest stake that counts, base-currency major units. */
    minAmount: z.number().optional(),
    minAmountOp: z.enum(['gt', 'gte']).optional(),
  }),
  places: z.array(tournamentPrizeSchema.pick({ place: true, type: true, title: true })),
  playerEntry: z.object({ points: z.number(), place: z.number().int() }).nullable().optional(),
  prizes: z.array(tournamentPrizeSchema).optional(),
  leaderboard: z.array(tournamentLeaderRowSchema).optional(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(20));
const stateList = oneOrMany(z.coerce.number().int().min(2).max(5));
const identityList = oneOrMany(text().min(1).max(120));

/** `GET /api/retention/tournaments?state[]=2&state[]=3&identity[]=…&gameId=…&page&perPage` (plain `state=3` too). */
export const tournamentsQuerySchema = pageQuerySchema
  .extend({
    'state[]': stateList.optional(),
    state: stateList.optional(),
    'identity[]': identityList.optional(),
    identity: identityList.optional(),
    /** Beyond the spec: only tournaments this game counts in (the game page's section). */
    gameId: text().min(1).max(64).optional(),
  })
  .transform(({ 'state[]': stateBrackets, 'identity[]': identityBrackets, state, identity, ...page }) => ({
    ...page,
    state: stateBrackets ?? state,
    identity: identityBrackets ?? identity,
  }));
export type TournamentsQuery = z.infer<typeof tournamentsQuerySchema>;

/** `tournaments:<id>`: the top 10, at most once a second. */
export const tournamentLeaderboardPushSchema = z.object({
  event: z.literal('tournament.leaderboard.updated'),
  leaderboard: z.array(tournamentLeaderRowSchema),
});
/** `tournaments:<id>#<playerId>`: the player's own standing. */
export const tournamentPlayerEntryPushSchema = z.object({
  event: z.literal('tournament.player-entry.updated'),
  entry: z.object({ tournamentId: text(), playerId: text(), points: z.number(), place: z.number().int() }),
});
/** `tournaments`: a tournament ended and its prizes went to these entries. */
export const tournamentCompletedPushSchema = z.object({
  event: z.literal('tournament.completed'),
  tournament: z.object({
    id: text(),
    title: text(),
    identity: text(),
    state: z.number().int(),
    endAt: text(),
    prizes: z.array(
      tournamentPrizeSchema.pick({ place: true, type: true, title: true, bonusId: true }).extend({
        /** Masked; a winner learns of their own prize from their messenger notice. */
        entry: z.object({ nickname: text().nullable(), points: z.number() }).optional(),
      }),
    ),
  }),
});
export type TournamentCompletedPush = z.infer<typeof tournamentCompletedPushSchema>;

const IDENTITY = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** An operator's tournament file (`npm run ops -- tournament create <file.json>`). */
export const tournamentInputSchema = z
  .object({
    identity: text().regex(IDENTITY, 'Lower-case letters, digits and dashes, at most 80'),
    title: text().trim().min(1).max(120),
    description: text().max(2000).default(''),
    scoring: z.enum(TOURNAMENT_SCORINGS),
    /** Base-currency minor units. */
    minStake: z.number().int().min(1).max(1e12).optional(),
    /** Game ids or identities. */
    games: z.array(text().min(1).max(120)).max(500).default([]),
    /** Collection identities (e.g. `slots`). Neither games nor collections: every game counts. */
    collections: z.array(text().min(1).max(120)).max(50).default([]),
    prizes: z
      .array(
        z
          .object({
            place: z.number().int().min(1).max(1000),
            type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            title: text().trim().min(1).max(120),
            /** Types 1 and 2: the bonus definition's name. */
            bonus: text().min(1).max(120).optional(),
            /** Type 3: loyalty points. */
            points: z.number().int().min(1).max(1e9).optional(),
          })
          .refine((p) => (p.type === 3 ? p.points !== undefined && !p.bonus : p.bonus !== undefined && !p.points), {
            message: 'A bonus or free-spins prize names `bonus`; a points prize names `points`',
          }),
      )
      .min(1)
      .max(100)
      .refine((prizes) => new Set(prizes.map((p) => p.place)).size === prizes.length, 'Each place once'),
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }),
    /** `daily`: when it ends the next day's begins (identity `<series>-<YYYY-MM-DD>`). */
    recurrence: z.literal('daily').optional(),
    series: text().regex(IDENTITY).optional(),
  })
  .strict()
  .refine((t) => Date.parse(t.endAt) > Date.parse(t.startAt), {
    message: 'endAt must be after startAt',
    path: ['endAt'],
  })
  .refine((t) => !t.recurrence || t.series, { message: 'A daily tournament names its series', path: ['series'] });
export type TournamentInput = z.input<typeof tournamentInputSchema>;
