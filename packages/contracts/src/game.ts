import { z } from 'zod';

/** Client platforms of the catalogue and of `POST /play` (wire contract: 1 mobile, 2 desktop). */
export const Platform = { mobile: 1, desktop: 2 } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];

/** Image sizes of the wire contract. Paths are absolute URLs on our origin (no CDN prefix needed). */
export const GAME_IMAGE_SIZES = ['200x200', '200x300'] as const;
export type GameImageSize = (typeof GAME_IMAGE_SIZES)[number];

export const imageSetSchema = z.object({ '1x': z.string(), '2x': z.string().optional(), '3x': z.string().optional() });
export type ImageSet = z.infer<typeof imageSetSchema>;

export const gameImagesSchema = z.object({ '200x200': imageSetSchema, '200x300': imageSetSchema });
export type GameImages = z.infer<typeof gameImagesSchema>;

export const collectionSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  /** Countries the collection is shown in; empty = everywhere. */
  countries: z.array(z.string()),
  isHidden: z.boolean(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const providerSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  gameEnabledCount: z.number().int(),
  images: z.object({ '116x40': imageSetSchema.optional() }),
  customImages: z.object({ '116x40': imageSetSchema.optional() }),
});
export type Provider = z.infer<typeof providerSchema>;

export const gameLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type GameLabel = z.infer<typeof gameLabelSchema>;

/** Sandbox engines a catalogue game runs on. */
export const GAME_ENGINES = ['slot', 'roulette', 'dice', 'crash'] as const;
export type GameEngine = (typeof GAME_ENGINES)[number];

export const gameSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  /** The engine kind shown to players: 'slots', 'roulette', 'dice', 'crash'. */
  type: z.string(),
  volatility: z.string(),
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
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().min(1).max(100)).max(200));

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
  name: z.string().trim().max(100).optional(),
  platform: z.coerce.number().int().min(1).max(2).optional(),
  sortBy: z.enum(GAME_SORTS).default('default'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

export const collectionsQuerySchema = z.object({ 'countries[]': stringArray.optional() });
export const providersQuerySchema = z.object({
  name: z.string().trim().max(100).optional(),
  sortBy: z.enum(['name', 'gameCount', 'default']).default('default'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

/** `POST /api/game/games/{idOrIdentity}/play` */
export const playBodySchema = z
  .object({
    accountId: z.string().max(64).optional(),
    lobbyUrl: z.string().max(2000).optional(),
    locale: z.string().max(10).optional(),
    countryCode: z.string().length(2).optional(),
    demoMode: z.boolean().default(true),
    platform: z.union([z.literal(1), z.literal(2)]).default(2),
  })
  .strict();
export type PlayBody = z.input<typeof playBodySchema>;

export const playResultSchema = z.object({ gameUrl: z.string(), token: z.string() });
export type PlayResult = z.infer<typeof playResultSchema>;

/** `GET /api/game/spins` — one row per closed or open casino round. */
export const spinSchema = z.object({
  id: z.string(),
  game: z.string(),
  gameIdentity: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Spin = z.infer<typeof spinSchema>;

/** `GET /api/game/bets?isSettled=` — the wire contract's sportsbook-shaped bet; casino rounds fill it too. */
export const betSchema = z.object({
  id: z.string(),
  game: z.string(),
  gameId: z.string(),
  roundId: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  coefficient: z.number(),
  /** BetStatus: 1 pending, 2 won, 3 lost, 4 rolled back. */
  status: z.number().int(),
  ticketType: z.number().int(),
  createdAt: z.string(),
  items: z.array(
    z.object({
      event: z.string(),
      stage: z.number().int(),
      discipline: z.string(),
      tournament: z.string(),
      eventDate: z.string(),
      market: z.string(),
      outcome: z.string(),
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
  nickname: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  isDemoMode: z.boolean(),
  gameImages: gameImagesSchema,
  gameCustomImages: gameImagesSchema.partial(),
});
export type Winner = z.infer<typeof winnerSchema>;
export const winnersQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(50).default(12),
  platform: z.coerce.number().int().min(1).max(2).optional(),
  countryCode: z.string().length(2).optional(),
});
export const playedQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(18),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  platform: z.coerce.number().int().min(1).max(2).optional(),
  countryCode: z.string().length(2).optional(),
});

/** Payloads on `game:bets#<playerId>`. */
export const gameBetRestrictedSchema = z.object({ event: z.literal('game.bet.restricted'), gameIdentity: z.string() });
export const gameBetMaxExceedSchema = z.object({
  event: z.literal('game.bet.max.exceed'),
  gameIdentity: z.string(),
  playerBonus: z.object({ currency: z.string(), maxBetAmount: z.number() }),
});
/** Payload on `game:winners:<mobile|desktop>:<country>` (beyond the spec's channel list). */
export const gameWinnerEventSchema = z.object({ event: z.literal('game.winner'), winner: winnerSchema });
