import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { playerCodes, type CodePurpose } from './tables.ts';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code for a link: 256 random bits, URL-safe. */
export const newLinkCode = () => randomBytes(32).toString('base64url');
/** A code a person types: six digits. */
export const newDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stores a new code for (purpose, target); earlier unused codes of the same purpose and target stop
 * working, so only the latest mail or SMS is good.
 */
export async function issueCode(
  db: DbOrTx,
  input: { playerId: string | null; purpose: CodePurpose; target: string; code: string; ttlSec: number },
): Promise<void> {
  const now = new Date();
  await db
    .update(playerCodes)
    .set({ usedAt: now })
    .where(
      and(eq(playerCodes.purpose, input.purpose), eq(playerCodes.target, input.target), isNull(playerCodes.usedAt)),
    );
  await db.insert(playerCodes).values({
    playerId: input.playerId,
    purpose: input.purpose,
    target: input.target,
    codeHash: hashOf(input.code),
    expiresAt: new Date(now.getTime() + input.ttlSec * 1000),
  });
}

export type UsedCode = { playerId: string | null; target: string };

/**
 * Spends a code: answers its player and target once, null if it is unknown, used, expired or of
 * another purpose. The update is the check, so two requests racing with one code get one success.
 */
export async function useCode(db: DbOrTx, purpose: CodePurpose, code: string): Promise<UsedCode | null> {
  const now = new Date();
  const [row] = await db
    .update(playerCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(playerCodes.codeHash, hashOf(code)),
        eq(playerCodes.purpose, purpose),
        isNull(playerCodes.usedAt),
        gt(playerCodes.expiresAt, now),
      ),
    )
    .returning({ playerId: playerCodes.playerId, target: playerCodes.target });
  return row ?? null;
}

/**
 * Takes one try at the live code of (purpose, target), then compares: answers the code's id if `code`
 * is it. The try is taken first, in the statement that checks the limit (the row lock orders racers),
 * so at most `maxAttempts` guesses are ever compared, however many arrive at once. Call it outside
 * the transaction that spends the code: a refusal there must not give the try back.
 */
export async function tryTypedCode(
  db: DbOrTx,
  purpose: CodePurpose,
  target: string,
  code: string,
  maxAttempts: number,
): Promise<string | null> {
  const tried = await db
    .update(playerCodes)
    .set({ attempts: sql`${playerCodes.attempts} + 1` })
    .where(and(liveCode(purpose, target, new Date()), sql`${playerCodes.attempts} < ${maxAttempts}`))
    .returning({ id: playerCodes.id, codeHash: playerCodes.codeHash });
  const guess = Buffer.from(hashOf(code), 'hex');
  return tried.find((row) => timingSafeEqual(Buffer.from(row.codeHash, 'hex'), guess))?.id ?? null;
}

/** Spends a code `tryTypedCode` accepted, in the caller's transaction; null if a racer spent it first. */
export async function spendTriedCode(tx: DbOrTx, id: string): Promise<UsedCode | null> {
  const now = new Date();
  const [spent] = await tx
    .update(playerCodes)
    .set({ usedAt: now })
    .where(and(eq(playerCodes.id, id), isNull(playerCodes.usedAt), gt(playerCodes.expiresAt, now)))
    .returning({ playerId: playerCodes.playerId, target: playerCodes.target });
  return spent ?? null;
}

const liveCode = (purpose: CodePurpose, target: string, now: Date) =>
  and(
    eq(playerCodes.purpose, purpose),
    eq(playerCodes.target, target),
    isNull(playerCodes.usedAt),
    gt(playerCodes.expiresAt, now),
  );

/** Who a code (used or not) was issued to: a second click on a spent link can still be answered kindly. */
export async function findCode(db: DbOrTx, purpose: CodePurpose, code: string): Promise<UsedCode | null> {
  const [row] = await db
    .select({ playerId: playerCodes.playerId, target: playerCodes.target })
    .from(playerCodes)
    .where(and(eq(playerCodes.codeHash, hashOf(code)), eq(playerCodes.purpose, purpose)))
    .limit(1);
  return row ?? null;
}
