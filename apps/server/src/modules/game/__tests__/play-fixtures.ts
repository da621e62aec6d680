import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { signCall } from '../../../lib/signing.ts';
import type { TestServer } from '../../../test/server.ts';
import { createPlayer } from '../../wallet/__tests__/factories.ts';
import { openAccount, postEntry, type WalletAccount } from '../../wallet/index.ts';
import { walletAccounts } from '../../wallet/tables.ts';
import { createGameSession } from '../play/service.ts';
import { gameProviders, games, type GameRow } from '../catalogue/tables.ts';
import type { GameSessionRow } from '../play/tables.ts';

/** A provider and one game of it, enabled, with a demo mode, unless told otherwise. */
export async function createGame(db: DbOrTx, overrides: Partial<typeof games.$inferInsert> = {}): Promise<GameRow> {
  const suffix = randomUUID().slice(0, 8);
  const [provider] = await db
    .insert(gameProviders)
    .values({ id: randomUUID(), identity: `studio-${suffix}`, name: `Studio ${suffix}`, position: 1 })
    .returning();
  const [game] = await db
    .insert(games)
    .values({
      id: randomUUID(),
      identity: `test-slot-${suffix}`,
      name: `Test Slot ${suffix}`,
      searchName: `test slot ${suffix}`,
      providerId: provider!.id,
      engine: 'slot',
      type: 'slots',
      volatility: 'medium',
      paylines: 20,
      isDemoMode: true,
      platforms: [1, 2],
      popularity: 1,
      position: 1,
      createdAt: new Date(),
      ...overrides,
    })
    .returning();
  return game!;
}

/** A player with an active account holding `minor` real money. */
export async function fundedPlayer(db: DbOrTx, minor: bigint, currency = 'EUR', email?: string) {
  const player = await createPlayer(db, email);
  const account = await openAccount(db, player.id, currency);
  if (minor > 0n)
    await postEntry(db, {
      accountId: account.id,
      idempotencyKey: `fund:${account.id}`,
      counterparty: 'adjustment',
      kind: 'credit',
      realDelta: minor,
    });
  return { player, account };
}

export async function accountRow(db: DbOrTx, accountId: string): Promise<WalletAccount> {
  const [row] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
  return row!;
}

export async function openSession(
  ctx: AppContext,
  input: {
    playerId: string;
    accountId: string;
    currency?: string;
    gameId: string;
    aggregator?: string;
    platform?: 1 | 2;
    country?: string;
  },
): Promise<GameSessionRow> {
  return createGameSession(ctx.db, {
    playerId: input.playerId,
    playerSessionId: null,
    accountId: input.accountId,
    currency: input.currency ?? 'EUR',
    gameId: input.gameId,
    aggregator: input.aggregator ?? 'native',
    platform: input.platform ?? 2,
    country: input.country ?? 'DE',
    ttlSec: ctx.config.game.sessionTtlSec,
  });
}

/** Either shape of a wallet answer, flattened for assertions (a success has no `error`, a refusal no `transactionId`). */
export type WalletBody = {
  transactionId: string;
  currency: string;
  balance: number;
  error: { code: number; message: string; balance?: number; currency?: string; fields?: Record<string, string[]> };
};
export type WalletCall = { status: number; body: WalletBody };

/**
 * The body and headers a provider sends to `path`: a new request id, a fresh timestamp, and the HMAC of
 * method, path, timestamp, request id and the exact bytes.
 */
export function signedRequest(
  secret: string,
  body: Record<string, unknown>,
  options: { path?: string; timestamp?: number; requestId?: string; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const signed = signCall(
    secret,
    { method: 'POST', path: options.path ?? '/api/provider-wallet/balance', body: raw },
    {
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      ...(options.requestId ? { requestId: options.requestId } : {}),
    },
  );
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      ...(signed as { 'x-request-id': string; 'x-signature': string }),
      ...(options.signature ? { 'x-signature': options.signature } : {}),
    },
  };
}

/** A signed wallet call through the app (no socket). */
export async function walletCall(
  server: TestServer,
  call: 'balance' | 'bet' | 'win' | 'rollback',
  body: Record<string, unknown>,
): Promise<WalletCall> {
  const { raw, headers } = signedRequest(server.ctx.gameWalletSecret, body, { path: `/api/provider-wallet/${call}` });
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/provider-wallet/${call}`,
    headers,
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A signed wallet call over real HTTP (the server must listen). */
export async function walletFetch(
  baseUrl: string,
  secret: string,
  call: string,
  body: Record<string, unknown>,
): Promise<WalletCall> {
  const { raw, headers } = signedRequest(secret, body, { path: `/api/provider-wallet/${call}` });
  const response = await fetch(`${baseUrl}/api/provider-wallet/${call}`, { method: 'POST', headers, body: raw });
  return { status: response.status, body: (await response.json()) as WalletBody };
}

/** A fresh transaction id for a test. */
export const txId = (label: string) => `${label}-${randomUUID()}`;
