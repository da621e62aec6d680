import { createHash, randomBytes, randomInt } from 'node:crypto';
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
 * Spends a typed code (OTP) if it is the latest live code for (purpose, target) and has not had
 * `maxAttempts` wrong guesses. A miss changes nothing here: count it with `countWrongGuess` after
 * the caller's transaction, which a refusal rolls back.
 */
export async function spendTypedCode(
  db: DbOrTx,
  purpose: CodePurpose,
  target: string,
  code: string,
  maxAttempts: number,
): Promise<UsedCode | null> {
  const now = new Date();
  const [spent] = await db
    .update(playerCodes)
    .set({ usedAt: now })
    .where(
      and(
        liveCode(purpose, target, now),
        eq(playerCodes.codeHash, hashOf(code)),
        sql`${playerCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ playerId: playerCodes.playerId, target: playerCodes.target });
  return spent ?? null;
}

/** A wrong guess against the live code of (purpose, target): the code dies after its last allowed one. */
export async function countWrongGuess(db: DbOrTx, purpose: CodePurpose, target: string): Promise<void> {
  await db
    .update(playerCodes)
    .set({ attempts: sql`${playerCodes.attempts} + 1` })
    .where(liveCode(purpose, target, new Date()));
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
