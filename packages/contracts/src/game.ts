import { z } from 'zod';
import { Platform } from './platform.ts';
import { text } from './text.ts';

export { Platform } from './platform.ts';

/** Image sizes of the wire contract. Paths are absolute URLs on our origin (no CDN prefix needed). */
export const GAME_IMAGE_SIZES = ['200x200', '200x300'] as const;
export type GameImageSize = (typeof GAME_IMAGE_SIZES)[number];

export const imageSetSchema = z.object({ '1x': text(), '2x': text().optional(), '3x': text().optional() });
export type ImageSet = z.infer<typeof imageSetSchema>;

export const gameImagesSchema = z.object({ '200x200': imageSetSchema, '200x300': imageSetSchema });
export type GameImages = z.infer<typeof gameImagesSchema>;

export const collectionSchema = z.object({
  id: text(),
  identity: text(),
  name: text(),
  /** Countries the collection is shown in; empty = everywhere. */
  countries: z.array(text()),
  isHidden: z.boolean(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const providerSchema = z.object({
  id: text(),
  identity: text(),
  name: text(),
  gameEnabledCount: z.number().int(),
  images: z.object({ '116x40': imageSetSchema.optional() }),
  customImages: z.object({ '116x40': imageSetSchema.optional() }),
});
export type Provider = z.infer<typeof providerSchema>;

export const gameLabelSchema = z.object({
  id: text(),
  name: text(),
  createdAt: text(),
  updatedAt: text().nullable(),
});
export type GameLabel = z.infer<typeof gameLabelSchema>;

/** Sandbox engines a catalogue game runs on. */
/** Sandbox engines; `sportsbook` is the sportsbook's pseudo-game (launched on the sportsbook provider). */
export const GAME_ENGINES = ['slot', 'roulette', 'dice', 'crash', 'sportsbook'] as const;
export type GameEngine = (typeof GAME_ENGINES)[number];

export const gameSchema = z.object({
  id: text(),
  identity: text(),
  name: text(),
  /** The engine kind shown to players: 'slots', 'roulette', 'dice', 'crash'. */
  type: text(),
  volatility: text(),
  paylines: z.number().int(),
  isDemoMode: z.boolean(),
  platforms: z.array(z.number().int()),
  screenWidthRatio: z.number().nullable(),
  screenHeightRatio: z.number().nullable(),
  images: gameImagesSchema,
  customImages: gameImagesSchema.partial(),
  provider: providerSchema,
  collections: z.array(collectionSchema),
  labels: z.array(gameLabelSchema),
  isBonusWagering: z.boolean(),
  minimumBonusWagerMultiplier: z.number(),
  /** Beyond the reference contract: the player's favourite flag (false for guests). */
  isFavorite: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

const stringArray = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(text().min(1).max(100)).max(200));

/** `platform=1|2` in a query string. */
const platformQuery = z.coerce.number().pipe(z.union([z.literal(Platform.mobile), z.literal(Platform.desktop)]));

export const GAME_SORTS = ['default', 'name', 'score', 'createdAt', 'popularity'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/**
 * `GET /api/game/games`. Arrays use brackets on the wire (`collectionId[]=…`); the server accepts
 * both `collectionId[]` and `collectionId`. `name` matches prefix or substring, ignoring case and accents.
 */
export const gamesQuerySchema = z.object({
  'collectionId[]': stringArray.optional(),
  'providerId[]': stringArray.optional(),
  'gameId[]': stringArray.optional(),
  'identity[]': stringArray.optional(),
  'countries[]': stringArray.optional(),
  name: text().trim().max(100).optional(),
  platform: platformQuery.optional(),
  sortBy: z.enum(GAME_SORTS).default('default'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

export const collectionsQuerySchema = z.object({ 'countries[]': stringArray.optional() });
export const providersQuerySchema = z.object({
  name: text().trim().max(100).optional(),
  sortBy: z.enum(['name', 'gameCount', 'default']).default('default'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

/** `POST /api/game/games/{idOrIdentity}/play` */
export const playBodySchema = z
  .object({
    accountId: text().max(64).optional(),
    lobbyUrl: text().max(2000).optional(),
    locale: text().max(10).optional(),
    countryCode: text().length(2).optional(),
    demoMode: z.boolean().default(true),
    platform: z.union([z.literal(1), z.literal(2)]).default(2),
    /** The sportsbook only: the client's first path (the page's `?setIframePath=`). */
    path: text().max(500).optional(),
  })
  .strict();
export type PlayBody = z.input<typeof playBodySchema>;

export const playResultSchema = z.object({ gameUrl: text(), token: text() });
export type PlayResult = z.infer<typeof playResultSchema>;

/** `GET /api/game/spins` — one row per closed or open casino round. */
export const spinSchema = z.object({
  id: text(),
  game: text(),
  gameIdentity: text(),
  amount: z.number(),
  payout: z.number(),
  currency: text(),
  createdAt: text(),
});
export type Spin = z.infer<typeof spinSchema>;

/** `GET /api/game/bets?isSettled=` — a sportsbook ticket (one wallet round) with its selections. */
export const betSchema = z.object({
  id: text(),
  game: text(),
  gameId: text(),
  roundId: text(),
  amount: z.number(),
  payout: z.number(),
  currency: text(),
  coefficient: z.number(),
  /** BetStatus: 1 pending, 2 won, 3 lost, 4 rolled back (void), 5 cashed out. */
  status: z.number().int(),
  /** TicketType: 1 single, 2 accumulator. */
  ticketType: z.number().int(),
  createdAt: text(),
  items: z.array(
    z.object({
      event: text(),
      stage: z.number().int(),
      discipline: text(),
      tournament: text(),
      eventDate: text(),
      market: text(),
      outcome: text(),
      coefficient: z.number(),
    }),
  ),
});
export type Bet = z.infer<typeof betSchema>;
export const betsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  isSettled: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const winnerSchema = z.object({
  nickname: text(),
  amount: z.number(),
  payout: z.number(),
  currency: text(),
  gameId: text(),
  gameName: text(),
  isDemoMode: z.boolean(),
  gameImages: gameImagesSchema,
  gameCustomImages: gameImagesSchema.partial(),
});
export type Winner = z.infer<typeof winnerSchema>;
export const winnersQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(50).default(12),
  platform: platformQuery.optional(),
  countryCode: text().length(2).optional(),
});
export const playedQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(18),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  platform: platformQuery.optional(),
  countryCode: text().length(2).optional(),
});

/** Payloads on `game:bets#<playerId>`. */
export const gameBetRestrictedSchema = z.object({ event: z.literal('game.bet.restricted'), gameIdentity: text() });
export const gameBetSettledSchema = z.object({ event: z.literal('game.bet.settled'), roundId: text() });
export const gameBetMaxExceedSchema = z.object({
  event: z.literal('game.bet.max.exceed'),
  gameIdentity: text(),
  playerBonus: z.object({ currency: text(), maxBetAmount: z.number() }),
  /** The sportsbook's risk rules: the maximum is per bet or per event, not a bonus's (absent: the bonus's). */
  limit: z.enum(['bet', 'event']).optional(),
});
/**
 * Payload on `game:winners:<mobile|desktop>:<country>` (beyond the spec's channel list). The feed is
 * batched: one publication carries the wins since the last one in `winners` (newest first, at most
 * WINNERS_BATCH_MAX), and `winner` is the newest of them for a client that reads only that.
 */
export const WINNERS_BATCH_MAX = 12;
export const gameWinnerEventSchema = z.object({
  event: z.literal('game.winner'),
  winner: winnerSchema,
  winners: z.array(winnerSchema).max(WINNERS_BATCH_MAX).optional(),
});

/** `{idOrIdentity}` in game paths: a game's id or its identity. */
export const gameIdOrIdentityParamsSchema = z.object({ idOrIdentity: text().min(1).max(200) });
