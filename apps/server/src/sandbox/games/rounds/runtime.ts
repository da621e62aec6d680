import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { sandboxGameSessions as sessions } from '../tables.ts';

export type SandboxParty = 'games' | 'lantern';

/** What the parts of the sandbox's rounds share: the app, the log, and the node's own timers and deliveries. */
export type RoundsRuntime = {
  ctx: AppContext;
  /** The sandbox party these rounds belong to (`games`, `lantern`): it serves only its own sessions. */
  party: SandboxParty;
  log: FastifyBaseLogger;
  timers: Set<NodeJS.Timeout>;
  /**
   * Crash wins on their way to the casino, by round: a poll that finds the round settled waits for
   * its win before it answers the balance (else a round settled by the timer reads the balance
   * without its win, while the casino's header already shows it).
   */
  winsInFlight: Map<string, Promise<number | null>>;
  closed: boolean;
};

export const lockSession = async (tx: Tx, sessionId: string) =>
  (await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update'))[0];
