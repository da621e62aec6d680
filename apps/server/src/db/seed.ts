import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../lib/password.ts';
import { players } from '../modules/player/tables.ts';
import { walletAccounts } from '../modules/wallet/tables.ts';
import { openAccount, postEntry } from '../modules/wallet/service.ts';
import { currencyByCode } from '../modules/settings/currencies.ts';
import { toMinor } from '@casino/contracts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

/**
 * Demo data for the embedded default: a player who can log in and play at once. Idempotent: an
 * existing demo player is left as it is (its accounts may have been switched or hidden on purpose),
 * only what is missing is added, and the opening credit has a fixed ledger key.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const existing = await ctx.db.select({ id: players.id }).from(players).where(eq(players.email, DEMO_EMAIL));
  const passwordHash = existing.length ? null : await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    if (passwordHash) {
      await tx
        .insert(players)
        .values({
          email: DEMO_EMAIL,
          passwordHash,
          currency: 'EUR',
          country: ctx.config.defaultCountry,
          locale: 'en',
          nickname: 'demo',
          firstName: 'Demo',
          lastName: 'Player',
          agreedTc: true,
          confirmedAt: new Date(),
        })
        .onConflictDoNothing({ target: players.email });
    }
    const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.email, DEMO_EMAIL));
    const accounts = await tx.select().from(walletAccounts).where(eq(walletAccounts.playerId, player!.id));
    const eur =
      accounts.find((a) => a.currency === 'EUR') ??
      (await openAccount(tx, player!.id, 'EUR', { active: accounts.length === 0 }));
    if (!accounts.some((a) => a.currency === 'BTC')) await openAccount(tx, player!.id, 'BTC');
    await postEntry(tx, {
      accountId: eur.id,
      idempotencyKey: 'seed:demo:eur',
      kind: 'credit',
      realDelta: toMinor('100.00', currencyByCode('EUR')!.subunitToUnit)!,
      reference: { reason: 'demo seed' },
    });
  });
  ctx.notifyOutbox();
}
