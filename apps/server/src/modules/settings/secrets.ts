import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from './tables.ts';

/**
 * The deployment's own secret named `name`: the first node (or CLI) to ask makes it, random unless
 * `candidate` is given (a secret kept elsewhere before), and every later caller reads the same one.
 */
export async function keptSecret(db: Db, name: string, candidate?: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: candidate ?? randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
