import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import { Channel, Platform, PushEvent, WINNERS_BATCH_MAX, toMajor, type Winner } from '@casino/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { dropStale } from '../../../lib/read-cache.ts';
import type { OutboxPublisher } from '../../../outbox/index.ts';
import type { Broker } from '../../../push/index.ts';
import { publicNames } from '../../player/index.ts';
import { subunitOf } from '../../settings/index.ts';
import { gameImages } from '../catalogue/artwork.ts';
import { games } from '../catalogue/tables.ts';
import { gameRounds, gameWinners } from '../play/tables.ts';

type GameInfo = { id: string; identity: string; name: string; isDemoMode: boolean };

type WinnerSource = { betMinor: bigint; winMinor: bigint; currency: string; game: GameInfo; nickname: string };

function toWinner(source: WinnerSource): Winner {
  const subunit = subunitOf(source.currency);
  return {
    nickname: source.nickname,
    amount: toMajor(source.betMinor, subunit),
    payout: toMajor(source.winMinor, subunit),
    currency: source.currency,
    gameId: source.game.id,
    gameName: source.game.name,
    isDemoMode: source.game.isDemoMode,
    gameImages: gameImages(source.game.identity),
    gameCustomImages: {},
  };
}

export type WinnersQuery = { perPage: number; platform?: Platform | undefined; countryCode?: string | undefined };

/** The feed is read on every page view; a few seconds of staleness is invisible next to the push updates. */
const FEED_TTL_MS = 5_000;
/** Game names and players' public names change rarely; a minute of memory spares a read per winning round. */
const NAMES_TTL_MS = 60_000;
const MAX_REMEMBERED = 10_000;
/**
 * A channel's wins go out together at most once a second: a thousand wins a second are one
 * publication to each feed's subscribers, not a thousand fan-outs to every visitor of the home page.
 */
const BATCH_MS = 1_000;

export type Winners = {
  /** Latest closed real-money rounds with a win, newest first (`GET /api/game/spins/winners`). */
  latest(db: DbOrTx, query: WinnersQuery): Promise<Winner[]>;
  /** The publisher of settled rounds onto the feed's channels (registered by the game module's manifest). */
  publish: OutboxPublisher<'game.bet.settled'>;
  stop(): void;
};

/** Payload of `game.round.closed`, the event the database writes when a round closes. */
function remembered<V>() {
  const entries = new Map<string, { at: number; value: V }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      return hit && Date.now() - hit.at < NAMES_TTL_MS ? hit.value : undefined;
    },
    set(key: string, value: V) {
      entries.delete(key);
      dropStale(entries, NAMES_TTL_MS);
      if (entries.size >= MAX_REMEMBERED) entries.clear();
      entries.set(key, { at: Date.now(), value });
    },
  };
}

/**
 * The public winners feed of one node: its read cache, and the publisher that turns the rounds closed
 * with a win into publications on the feed of their platform and country, batched per channel. The
 * batch waits in memory (at most a second): a crash loses those wins from the live strip only — the
 * rounds are in the database and the strip's next read shows them.
 */
export function createWinners(broker: Broker, log: FastifyBaseLogger): Winners {
  const feed = new Map<string, { at: number; winners: Winner[] }>();
  const { gameInfo, nameOf } = rememberedLookups();
  const batches = winnerBatches(broker, log);

  const publish: OutboxPublisher<'game.bet.settled'> = async (row, tx) => {
    const round = row.payload;
    // A sports ticket is not a casino win.
    if (round.gameType === 'sportsbook') return [];
    const betMinor = BigInt(round.stake.real) + BigInt(round.stake.bonus);
    const winMinor = BigInt(round.win.real) + BigInt(round.win.bonus);
    // A win is more than the stake: €0.25 back on €1 is a loss, not a win to show.
    if (winMinor <= betMinor) return [];
    const game = await gameInfo(tx, round.gameId);
    if (!game) return [];
    const winner = toWinner({
      betMinor,
      winMinor,
      currency: round.currency,
      game,
      nickname: await nameOf(tx, round.playerId),
    });
    feed.clear();
    const platform = round.platform === Platform.mobile ? 'mobile' : 'desktop';
    batches.queue(Channel.gameWinners(platform, round.country), winner);
    return [];
  };

  return {
    publish,
    stop() {
      batches.stop();
    },
    async latest(db, query) {
      const key = `${query.perPage}:${query.platform ?? ''}:${query.countryCode?.toUpperCase() ?? ''}`;
      const hit = feed.get(key);
      if (hit && Date.now() - hit.at < FEED_TTL_MS) return hit.winners;
      const winners = await latestWinners(db, query);
      if (feed.size > 200) feed.clear();
      feed.set(key, { at: Date.now(), winners });
      return winners;
    },
  };
}

/** Each channel's wins, newest first, published together once BATCH_MS after the first one waits. */
function winnerBatches(broker: Broker, log: FastifyBaseLogger) {
  const pending = new Map<string, Winner[]>();
  let flushTimer: NodeJS.Timeout | undefined;

  function flush(): void {
    flushTimer = undefined;
    const batches = [...pending];
    pending.clear();
    for (const [channel, winners] of batches) {
      broker
        .publish(channel, { event: PushEvent.gameWinner, winner: winners[0], winners })
        .catch((err: unknown) => log.warn({ err, channel }, 'winners feed: publish failed'));
    }
  }

  return {
    queue(channel: string, winner: Winner): void {
      const batch = pending.get(channel) ?? [];
      batch.unshift(winner);
      if (batch.length > WINNERS_BATCH_MAX) batch.length = WINNERS_BATCH_MAX;
      pending.set(channel, batch);
      flushTimer ??= setTimeout(flush, BATCH_MS);
    },
    /** Drops what waits, unpublished. */
    stop(): void {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      pending.clear();
    },
  };
}

/** A game's feed details and a player's public name, each remembered for NAMES_TTL_MS. */
function rememberedLookups() {
  const gamesById = remembered<GameInfo>();
  const names = remembered<string>();

  async function gameInfo(db: DbOrTx, id: string): Promise<GameInfo | null> {
    const known = gamesById.get(id);
    if (known) return known;
    const [game] = await db
      .select({ id: games.id, identity: games.identity, name: games.name, isDemoMode: games.isDemoMode })
      .from(games)
      .where(eq(games.id, id));
    if (game) gamesById.set(id, game);
    return game ?? null;
  }

  async function nameOf(db: DbOrTx, playerId: string): Promise<string> {
    const known = names.get(playerId);
    if (known) return known;
    const name = (await publicNames(db, [playerId])).get(playerId) ?? 'Player';
    names.set(playerId, name);
    return name;
  }

  return { gameInfo, nameOf };
}

/** The latest closed rounds with a win, of the platform and country asked, newest first. */
async function latestWinners(db: DbOrTx, query: WinnersQuery): Promise<Winner[]> {
  const conditions: SQL[] = [gt(gameRounds.winMinor, gameRounds.betMinor)];
  if (query.platform) conditions.push(eq(gameWinners.platform, query.platform));
  if (query.countryCode) conditions.push(eq(gameWinners.country, query.countryCode.toUpperCase()));
  const rows = await db
    .select({
      betMinor: gameRounds.betMinor,
      winMinor: gameRounds.winMinor,
      currency: gameRounds.currency,
      playerId: gameRounds.playerId,
      game: { id: games.id, identity: games.identity, name: games.name, isDemoMode: games.isDemoMode },
    })
    .from(gameWinners)
    .innerJoin(gameRounds, eq(gameRounds.id, gameWinners.roundId))
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .where(and(...conditions))
    .orderBy(desc(gameWinners.closedAt), desc(gameWinners.roundId))
    .limit(query.perPage);
  const publicNamesOf = await publicNames(
    db,
    rows.map((r) => r.playerId),
  );
  return rows.map((r) => toWinner({ ...r, nickname: publicNamesOf.get(r.playerId) ?? 'Player' }));
}
