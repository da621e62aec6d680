import { randomUUID } from 'node:crypto';
import type { TournamentInput } from '@casino/contracts';
import type { OutboxRow } from '../../../outbox/index.ts';
import { withTransaction } from '../../../outbox/index.ts';
import type { TestServer } from '../../../test/server.ts';
import { engineOf } from '../manifest.ts';
import { createTournament } from '../service.ts';

let rowId = 1_000_000_000;

/** A settled round as the outbox hands it to the lane (amounts in EUR minor units). */
export function settled(input: {
  playerId: string;
  gameId: string;
  stake: number;
  win: number;
  at?: Date;
  roundId?: string;
  currency?: string;
}): OutboxRow<'game.bet.settled'> {
  return {
    id: rowId++,
    tx: '1',
    v: 1,
    event: 'game.bet.settled',
    createdAt: input.at ?? new Date(),
    payload: {
      playerId: input.playerId,
      accountId: randomUUID(),
      gameId: input.gameId,
      gameType: 'slots',
      roundId: input.roundId ?? `round-${randomUUID()}`,
      currency: input.currency ?? 'EUR',
      stake: { real: String(input.stake), bonus: '0' },
      win: { real: String(input.win), bonus: '0' },
      platform: 2,
      country: 'DE',
    },
  };
}

/** Hands rows to the server's scoring lane handler, in a transaction of their own, as the lane does. */
export async function score(server: TestServer, rows: OutboxRow<'game.bet.settled'>[]) {
  const engine = engineOf(server.ctx)!;
  await withTransaction(server.ctx, (tx) => engine.scoreBatch(rows, tx));
}

/** A running tournament on the given games (its own, so tests do not score each other's rounds). */
export async function running(server: TestServer, overrides: Partial<TournamentInput> & { games: string[] }) {
  const now = Date.now();
  const row = await createTournament(server.ctx.db, {
    identity: `t-${randomUUID().slice(0, 12)}`,
    title: 'Test race',
    scoring: 'win',
    prizes: [{ place: 1, type: 3, title: '100 points', points: 100 }],
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + 3_600_000).toISOString(),
    ...overrides,
  });
  engineOf(server.ctx)!.cache.invalidate();
  return row;
}
