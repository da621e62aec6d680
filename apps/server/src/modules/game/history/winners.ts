import { and, desc, eq, gt, isNotNull, type SQL } from 'drizzle-orm';
import { toMajor, type Winner } from '@casino/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { players } from '../../player/tables.ts';
import { currencyByCode } from '../../settings/currencies.ts';
import { gameImages } from '../catalogue/artwork.ts';
import { gameRounds } from '../play/tables.ts';
import { games } from '../catalogue/tables.ts';

/** What the public feed shows of a player: the nickname, else the email's first letters ("jo***"), never the address. */
export function winnerNickname(player: { nickname: string | null; email: string | null }): string {
  const nickname = player.nickname?.trim();
  if (nickname) return nickname;
  const local = player.email?.split('@')[0] ?? '';
  if (!local) return 'Player';
  return `${[...local].slice(0, local.length > 2 ? 2 : 1).join('')}***`;
}

export function subunitOf(currency: string): number {
  return currencyByCode(currency)?.subunitToUnit ?? 100;
}

export type WinnerSource = {
  betMinor: bigint;
  winMinor: bigint;
  currency: string;
  game: { id: string; identity: string; name: string; isDemoMode: boolean };
  player: { nickname: string | null; email: string | null };
};

export function toWinner(source: WinnerSource): Winner {
  const subunit = subunitOf(source.currency);
  return {
    nickname: winnerNickname(source.player),
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

export type WinnersQuery = { perPage: number; platform?: number | undefined; countryCode?: string | undefined };

/** The feed is read on every page view; a few seconds of staleness is invisible next to the push updates. */
const CACHE_TTL_MS = 5_000;
const cache = new Map<string, { at: number; winners: Winner[] }>();

/** Called after this node commits a winning round, so its own next read is fresh. */
export function invalidateWinnersCache(): void {
  cache.clear();
}

/** Latest closed real-money rounds with a win, newest first (`GET /api/game/spins/winners`). */
export async function latestWinners(db: DbOrTx, query: WinnersQuery): Promise<Winner[]> {
  const key = `${query.perPage}:${query.platform ?? ''}:${query.countryCode?.toUpperCase() ?? ''}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.winners;

  const conditions: SQL[] = [eq(gameRounds.closed, true), gt(gameRounds.winMinor, 0n), isNotNull(gameRounds.closedAt)];
  if (query.platform) conditions.push(eq(gameRounds.platform, query.platform));
  if (query.countryCode) conditions.push(eq(gameRounds.country, query.countryCode.toUpperCase()));
  const rows = await db
    .select({
      betMinor: gameRounds.betMinor,
      winMinor: gameRounds.winMinor,
      currency: gameRounds.currency,
      game: { id: games.id, identity: games.identity, name: games.name, isDemoMode: games.isDemoMode },
      player: { nickname: players.nickname, email: players.email },
    })
    .from(gameRounds)
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .innerJoin(players, eq(players.id, gameRounds.playerId))
    .where(and(...conditions))
    .orderBy(desc(gameRounds.closedAt), desc(gameRounds.id))
    .limit(query.perPage);
  const winners = rows.map(toWinner);
  if (cache.size > 200) cache.clear();
  cache.set(key, { at: Date.now(), winners });
  return winners;
}
