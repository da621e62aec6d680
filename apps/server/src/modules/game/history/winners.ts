import { and, desc, eq, gt, isNotNull, type SQL } from 'drizzle-orm';
import { Channel, Platform, PushEvent, toMajor, type Winner } from '@casino/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueue, type OutboxConsumers } from '../../../outbox/index.ts';
import { publicNames } from '../../player/index.ts';
import { subunitOf } from '../../settings/index.ts';
import { gameImages } from '../catalogue/artwork.ts';
import { games } from '../catalogue/tables.ts';
import { gameRounds } from '../play/tables.ts';

type WinnerSource = {
  betMinor: bigint;
  winMinor: bigint;
  currency: string;
  game: { id: string; identity: string; name: string; isDemoMode: boolean };
  nickname: string;
};

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
const CACHE_TTL_MS = 5_000;

export type Winners = {
  /** Latest closed real-money rounds with a win, newest first (`GET /api/game/spins/winners`). */
  latest(db: DbOrTx, query: WinnersQuery): Promise<Winner[]>;
};

/** Payload of `game.round.closed`, the event the database writes when a round closes. */
type RoundClosed = {
  roundId: string;
  playerId: string;
  gameId: string;
  currency: string;
  betMinor: string;
  winMinor: string;
  platform: number;
  country: string;
};

/**
 * The public winners feed of one node: its read cache, and the consumer that turns every round closed
 * with a win into a publication on the feed of its platform and country.
 */
export function createWinners(consumers: OutboxConsumers): Winners & { stop(): void } {
  const cache = new Map<string, { at: number; winners: Winner[] }>();

  const stop = consumers.register('game.round.closed', async (row, tx) => {
    const round = row.payload as RoundClosed;
    if (BigInt(round.winMinor) <= 0n) return;
    const [game] = await tx
      .select({ id: games.id, identity: games.identity, name: games.name, isDemoMode: games.isDemoMode })
      .from(games)
      .where(eq(games.id, round.gameId));
    if (!game) return;
    const nickname = (await publicNames(tx, [round.playerId])).get(round.playerId) ?? 'Player';
    const winner = toWinner({
      betMinor: BigInt(round.betMinor),
      winMinor: BigInt(round.winMinor),
      currency: round.currency,
      game,
      nickname,
    });
    await enqueue(tx, {
      event: PushEvent.gameWinner,
      channel: Channel.gameWinners(round.platform === Platform.mobile ? 'mobile' : 'desktop', round.country),
      payload: { event: PushEvent.gameWinner, winner },
    });
    cache.clear();
  });

  return {
    stop,
    async latest(db, query) {
      const key = `${query.perPage}:${query.platform ?? ''}:${query.countryCode?.toUpperCase() ?? ''}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.winners;

      const conditions: SQL[] = [
        eq(gameRounds.closed, true),
        gt(gameRounds.winMinor, 0n),
        isNotNull(gameRounds.closedAt),
      ];
      if (query.platform) conditions.push(eq(gameRounds.platform, query.platform));
      if (query.countryCode) conditions.push(eq(gameRounds.country, query.countryCode.toUpperCase()));
      const rows = await db
        .select({
          betMinor: gameRounds.betMinor,
          winMinor: gameRounds.winMinor,
          currency: gameRounds.currency,
          playerId: gameRounds.playerId,
          game: { id: games.id, identity: games.identity, name: games.name, isDemoMode: games.isDemoMode },
        })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(and(...conditions))
        .orderBy(desc(gameRounds.closedAt), desc(gameRounds.id))
        .limit(query.perPage);
      const names = await publicNames(
        db,
        rows.map((r) => r.playerId),
      );
      const winners = rows.map((r) => toWinner({ ...r, nickname: names.get(r.playerId) ?? 'Player' }));
      if (cache.size > 200) cache.clear();
      cache.set(key, { at: Date.now(), winners });
      return winners;
    },
  };
}
