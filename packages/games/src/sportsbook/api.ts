/**
 * The sandbox sportsbook provider's client API: what its framed client (packages/games/sportsbook.html)
 * asks of its server (apps/server/src/sandbox/sportsbook), under `/sandbox/sportsbook/api`. The
 * provider's own business: the casino never calls it (it gets the launch and the wallet calls).
 *
 * Every call but `GET /events*` carries the client's session token (`Authorization: Bearer <token>`,
 * from the launch URL's `?session=`); a guest session (no casino token) browses but cannot bet.
 * Amounts are integer minor units of the session's currency, odds integer thousandths (1.85 → 1850).
 * Errors: `{ error: { code: string, message: string, ... } }` with the HTTP status.
 */

export type SportId = 'football' | 'tennis' | 'basketball' | 'ice-hockey' | 'esports';

/** `GET /api/session` → who the client is. */
export type ClientSession = {
  mode: 'real' | 'demo';
  currency: string;
  /** Minor units per major unit of the currency (100 for EUR). */
  subunit: number;
  locale: string;
  /** The last balance the casino answered (real mode), minor units. */
  balance: number | null;
  /** Stake presets for the bet slip, minor units. */
  stakePresets: number[];
  minStake: number;
  /**
   * The casino's maximum stake per ticket, and per event (the player's open tickets on it together), in
   * minor units as its launch told them (0: no sports bets in this currency; null: not told). The casino's
   * wallet enforces them; the slip shows them before a bet.
   */
  maxStake: number | null;
  maxEventStake: number | null;
  /** Sports (ids) and events the casino takes no bets on from the player's country: shown as not available. */
  restricted: { sports: string[]; events: string[] };
};

/** `GET /api/sports` → the sports with their leagues and how many events each has (pre-match and live). */
export type SportSummary = {
  id: SportId;
  name: string;
  leagues: { id: string; name: string; country: string; events: number; live: number }[];
};

export type Outcome = {
  /** Stable key within the market: "home", "draw", "away", "over", "under", "yes", "no". */
  id: string;
  name: string;
  odds: number;
  /** Suspended outcomes (a goal just went in, the market is closing) cannot be added to a slip. */
  suspended: boolean;
};

export type Market = {
  /** Stable key within the event: "result", "total-2.5", "handicap-home-1.5", "btts". */
  id: string;
  name: string;
  outcomes: Outcome[];
};

export type EventStatus = 'scheduled' | 'live' | 'ended' | 'settled' | 'void';

export type EventSummary = {
  id: string;
  sport: SportId;
  sportName: string;
  league: string;
  leagueId: string;
  home: string;
  away: string;
  /** ISO 8601. */
  startsAt: string;
  status: EventStatus;
  /** Live and after: the score, and the match clock's label ("63'", "Set 2", "Q3", "Map 2", "FT"). */
  score: { home: number; away: number } | null;
  clock: string | null;
  /** The main market (match result) for the list row. */
  main: Market | null;
};

/** `GET /api/events?sport=&league=&live=1` → EventSummary[] (live first, then by start). `GET /api/events/:id` → EventDetail. */
export type EventDetail = EventSummary & { markets: Market[] };

/** A selection as the slip sends it: the odds the player saw. */
export type SelectionInput = { eventId: string; marketId: string; outcomeId: string; odds: number };

/**
 * `POST /api/tickets` body. `type` single → one selection; accumulator → 2–20 on distinct events.
 * `acceptOddsChanges` false: any odds now different from the ones sent → 409 `odds_changed`.
 */
export type PlaceTicketInput = {
  type: 'single' | 'accumulator';
  stake: number;
  selections: SelectionInput[];
  acceptOddsChanges: boolean;
};

/** 409 `odds_changed`: the current odds (and suspended flags) of the selections, to show and re-confirm. */
export type OddsChanged = {
  error: { code: 'odds_changed'; message: string; selections: (SelectionInput & { suspended: boolean })[] };
};

/**
 * Refusals of `POST /api/tickets`: 401 `no_session` / `guest` (log in to bet), 409 `odds_changed`,
 * 409 `event_closed` (started for a pre-match-only market, or ended), 422 `invalid` (fields),
 * and the casino's wallet refusals passed through as 403/409/422 with `code: 'wallet'`,
 * `walletCode` (the casino's number: 15001 insufficient funds, 14306 restricted, 14311 above the
 * maximum stake, 14100/14101 limits, 14105 excluded, …) and its message.
 */
export type WalletRefused = {
  error: {
    code: 'wallet';
    walletCode: number;
    message: string;
    /** 14311: what may still be staked (minor units) and which maximum binds. */
    maxBet?: number;
    limit?: 'bet' | 'event';
    /** 14306: what is restricted. */
    reason?: 'sport' | 'event';
    ref?: string;
  };
};

export type TicketStatus = 'pending' | 'open' | 'won' | 'lost' | 'void' | 'cashed_out' | 'refused';

export type Ticket = {
  id: string;
  type: 'single' | 'accumulator';
  stake: number;
  odds: number;
  potentialWin: number;
  status: TicketStatus;
  /** What it paid (won, cashed out, void: the stake back). */
  payout: number | null;
  createdAt: string;
  settledAt: string | null;
  /** Open tickets: the fair cash-out price now (null: not offered, e.g. a selection suspended). */
  cashOut: number | null;
  selections: {
    eventId: string;
    event: string;
    /** The teams (or players), for the client to name the market and outcome in its language. */
    home: string;
    away: string;
    league: string;
    sport: SportId;
    startsAt: string;
    marketId: string;
    outcomeId: string;
    market: string;
    outcome: string;
    odds: number;
    result: 'won' | 'lost' | 'void' | null;
    /** The event's score now (live) or final. */
    score: { home: number; away: number } | null;
  }[];
};

/** `POST /api/tickets` → 201 Ticket. `GET /api/tickets?status=open|settled` → Ticket[] (newest first, at most 50). */
export type TicketList = Ticket[];

/**
 * `POST /api/tickets/:id/cash-out` body: the price the player saw. 409 `price_changed` with
 * `{ cashOut: number | null }` when it moved; 404 for another player's ticket; 409 `not_open`.
 * → 200 Ticket (status cashed_out).
 */
export type CashOutInput = { price: number };
