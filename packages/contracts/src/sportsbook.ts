import { z } from 'zod';
import { CURRENCY_SEEDS } from './currencies.ts';
import { text } from './text.ts';

/**
 * The sportsbook: a third-party client in a frame that the casino starts like a game (the pseudo-game
 * below), and that moves money through the same seamless wallet (docs/sportsbook-provider-api.md).
 * Shapes shared by the casino and any sportsbook provider (the built-in sandbox one included):
 * - the launch (casino → provider, `POST {SPORTSBOOK_CLIENT_HOST}/api/launch`, signed);
 * - the ticket a sports bet carries in its wallet call (`POST /api/provider-wallet/bet`, `ticket`);
 * - the messages the frame and the casino page exchange (`postMessage`);
 * - the public event list the home page's "top events" and "live events" read.
 */

/** The catalogue identity of the sportsbook's pseudo-game: the casino launches it, the wallet calls name it. */
export const SPORTSBOOK_GAME_IDENTITY = 'sportsbook';

export const TicketType = { single: 1, accumulator: 2 } as const;
/** Stage of an event when the selection was taken: 1 pre-match, 2 live. */
export const EventStage = { prematch: 1, live: 2 } as const;

/** Odds as integer thousandths: 1.85 → 1850 (exact arithmetic on both sides). */
export const oddsSchema = z.number().int().min(1001).max(1_000_000);
/** A sport, a market or an outcome key: a slug, so restrictions and settlements can name it. */
const slug = text().regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'must be a lower-case slug');

export const walletTicketItemSchema = z.object({
  /** The provider's event id: the casino's maximum stake per event and restricted events key on it. */
  eventId: text().min(1).max(100),
  /** "Home – Away". */
  event: text().min(1).max(200),
  stage: z.union([z.literal(EventStage.prematch), z.literal(EventStage.live)]),
  /** The sport (discipline) as a slug: football, tennis, basketball, ice-hockey, esports… */
  sport: slug,
  /** The sport's display name. */
  discipline: text().min(1).max(100),
  /** The league or competition. */
  tournament: text().min(1).max(200),
  /** When the event starts (ISO 8601). */
  eventDate: text().datetime({ offset: true }),
  market: text().min(1).max(200),
  outcome: text().min(1).max(200),
  odds: oddsSchema,
});
export type WalletTicketItem = z.infer<typeof walletTicketItemSchema>;

/**
 * What a sports bet is: a single (one item) or an accumulator (2–20 items on distinct events), at the
 * combined odds the player accepted. The stake is the wallet call's `amount`.
 */
export const walletTicketSchema = z
  .object({
    type: z.union([z.literal(TicketType.single), z.literal(TicketType.accumulator)]),
    /** Combined odds (thousandths): the product of the items' odds, rounded to the nearest thousandth (a half up). */
    odds: z.number().int().min(1001).max(1_000_000_000),
    items: z.array(walletTicketItemSchema).min(1).max(20),
  })
  .refine((t) => (t.type === TicketType.single) === (t.items.length === 1), {
    message: 'a single has one item, an accumulator two or more',
    path: ['type'],
  })
  .refine((t) => new Set(t.items.map((i) => i.eventId)).size === t.items.length, {
    message: 'an accumulator takes one selection per event',
    path: ['items'],
  })
  .refine((t) => t.odds === combinedOdds(t.items.map((i) => i.odds)), {
    message: 'odds must be the product of the items’ odds',
    path: ['odds'],
  });
export type WalletTicket = z.infer<typeof walletTicketSchema>;

/**
 * The combined odds of an accumulator in thousandths: the exact product (BigInt) rounded to the nearest
 * thousandth, a half up (2.05 × 9.179 = 18.81695 → 18.817, not 18.816). The slip shows
 * this figure and the ticket pays at it.
 */
export function combinedOdds(items: readonly number[]): number {
  let product = 1n;
  let scale = 1n;
  for (const odds of items) {
    product *= BigInt(odds);
    scale *= 1000n;
  }
  return Number((product * 1000n * 2n + scale) / (scale * 2n));
}

/** The payout of a stake (minor units) at odds in thousandths, rounded down. */
export function payoutOf(stakeMinor: number, odds: number): number {
  return Number((BigInt(stakeMinor) * BigInt(odds)) / 1000n);
}

const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCY_SEEDS.map((c) => c.code));

/** At most this many restricted sports, and events, in a launch (the wallet refuses the rest anyway). */
export const SPORTSBOOK_RULES_MAX_REFS = 500;

/**
 * The casino's rules for this player, as the launch tells them, so the client can show them before a
 * bet (the wallet enforces them on every ticket whatever the client shows): the maximum stake per ticket
 * and per event (the player's open tickets on it together, in every currency), in minor units of the
 * launch's currency — set by the operator once in the base currency and converted at the currency's
 * rate, rounded down; 0 when no sports bets are taken in that currency — and the sports (slugs) and
 * events (the provider's ids) the player's country does not take bets on.
 */
export const sportsbookRulesSchema = z.object({
  maxStake: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  maxEventStake: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  restricted: z.object({
    sports: z.array(text().min(1).max(100)).max(SPORTSBOOK_RULES_MAX_REFS),
    events: z.array(text().min(1).max(100)).max(SPORTSBOOK_RULES_MAX_REFS),
  }),
});
export type SportsbookRules = z.infer<typeof sportsbookRulesSchema>;

/**
 * `POST {SPORTSBOOK_CLIENT_HOST}/api/launch` (casino → provider), signed like the wallet calls:
 * answers the URL of the client to frame. A guest gets a browsing-only client (`mode: 'demo'`, no token).
 */
export const sportsbookLaunchBodySchema = z
  .object({
    mode: z.enum(['real', 'demo']),
    token: text().min(1).max(500).nullable().optional(),
    playerId: text().min(1).max(100).optional(),
    clientId: text().min(1).max(100),
    currency: text().refine((code) => CURRENCY_CODES.has(code), 'unknown currency'),
    locale: text().min(1).max(20).default('en'),
    /** The casino page's origin: the only window the client posts to and accepts messages from. */
    parentOrigin: text().url().max(200),
    /** The client's first path (`?setIframePath=` of the casino page), e.g. `/events/fb-123`. */
    path: text().max(500).default('/'),
    platform: z.number().int().default(2),
    /** The casino's maximum stakes and restrictions for this player and currency. */
    rules: sportsbookRulesSchema,
  })
  .refine((body) => body.mode === 'demo' || !!body.token, {
    message: 'a real-money launch needs the casino token',
    path: ['token'],
  });
export type SportsbookLaunchBody = z.input<typeof sportsbookLaunchBodySchema>;
export const sportsbookLaunchAnswerSchema = z.object({ gameUrl: text().min(1).max(2000) });

/** A path inside the client: absolute, no scheme or host, no backslash or whitespace. */
export const sportsbookPathSchema = text()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path inside the sportsbook');

/**
 * What the frame may post to the casino page (anything else, or from another origin, is ignored):
 * its path changed (the page keeps `?setIframePath=` in step), the guest wants to log in, the
 * player wants to deposit, its content height.
 */
export const sportsbookFrameMessageSchema = z.discriminatedUnion('type', [
  z.object({ source: z.literal('sportsbook'), type: z.literal('ready') }),
  z.object({ source: z.literal('sportsbook'), type: z.literal('route'), path: sportsbookPathSchema }),
  z.object({ source: z.literal('sportsbook'), type: z.literal('login') }),
  z.object({ source: z.literal('sportsbook'), type: z.literal('deposit') }),
]);
export type SportsbookFrameMessage = z.infer<typeof sportsbookFrameMessageSchema>;

/** What the casino page posts to the frame: go to a path (the browser's back/forward, a home-page link). */
export const sportsbookParentMessageSchema = z.object({
  source: z.literal('casino'),
  type: z.literal('navigate'),
  path: sportsbookPathSchema,
});
export type SportsbookParentMessage = z.infer<typeof sportsbookParentMessageSchema>;

/**
 * `GET {SPORTSBOOK_CLIENT_HOST}/api/widgets/events?kind=top|live&clientId=&locale=` (public, CORS):
 * the events the home page shows; `path` opens the event in the client.
 */
export const sportsbookWidgetEventSchema = z.object({
  id: text().max(100),
  sport: text().max(50),
  discipline: text().max(100),
  tournament: text().max(200),
  home: text().max(100),
  away: text().max(100),
  startsAt: text().max(40),
  stage: z.union([z.literal(EventStage.prematch), z.literal(EventStage.live)]),
  /** Live only: the score and the elapsed match time label ("63'", "Set 2", "Q3"). */
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  clock: text().max(20).nullable(),
  /** The main market's outcomes ("1", "X", "2") with their odds in thousandths. */
  market: text().max(100),
  outcomes: z.array(z.object({ name: text().max(50), odds: oddsSchema })).max(3),
  path: sportsbookPathSchema,
});
export type SportsbookWidgetEvent = z.infer<typeof sportsbookWidgetEventSchema>;
export const sportsbookWidgetAnswerSchema = z.object({ data: z.array(sportsbookWidgetEventSchema).max(50) });

/**
 * The provider's catalogue (public, no credentials), which the casino's operator commands check a
 * restriction against: `GET {SPORTSBOOK_CLIENT_HOST}/api/catalogue/sports` → its sports (slugs, as the
 * tickets name them); `GET {SPORTSBOOK_CLIENT_HOST}/api/catalogue/events/{id}` → the event, or 404.
 */
export const sportsbookCatalogueSportsAnswerSchema = z.object({
  data: z.array(z.object({ id: text().max(50), name: text().max(100) })).max(500),
});
export const sportsbookCatalogueEventAnswerSchema = z.object({
  data: z.object({ id: text().max(100), sport: text().max(50), name: text().max(200), startsAt: text().max(40) }),
});
