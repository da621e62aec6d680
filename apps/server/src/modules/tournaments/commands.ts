import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { tournamentInputSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { CommandArgsError, answersMessage, opsCommand, readInputFile, readsOn } from '../../lib/ops-command.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import type { BonusRules } from '../bonus/index.ts';
import { completeTournament } from './completion.ts';
import type { TournamentEngine } from './engine.ts';
import { allTournaments, createTournament, findTournament } from './service.ts';

/** `npm run ops -- tournament create <file.json> | list | start <identity> | end <identity>`. */
export const opsTournamentBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), tournament: tournamentInputSchema }).strict(),
  z.object({ action: z.literal('list') }).strict(),
  z.object({ action: z.enum(['start', 'end']), identity: z.string().min(1).max(120) }).strict(),
]);
export type OpsTournamentBody = z.infer<typeof opsTournamentBodySchema>;

/** The tournament file the operator names, read and checked on the operator's side. */
export function readTournamentFile(file: string): z.infer<typeof tournamentInputSchema> {
  return readInputFile(file, tournamentInputSchema);
}

const STATE = { 2: 'upcoming', 3: 'running', 4: 'finished', 5: 'cancelled' } as Record<number, string>;

/**
 * The one implementation behind `POST /api/admin/commands/tournament` and the CLI's own database access.
 * `changed` tells the serving node to re-read its running tournaments at once.
 */
export async function opsTournament(
  ctx: UnitOfWorkContext,
  body: OpsTournamentBody,
  rules: BonusRules,
  changed: (tournamentId: string) => Promise<void> = async () => {},
) {
  switch (body.action) {
    case 'create': {
      const row = await createTournament(ctx.db, body.tournament);
      await changed(row.id);
      return {
        message: `Created tournament ${row.identity} (${STATE[row.state]}), ${row.startAt.toISOString()} to ${row.endAt.toISOString()}`,
      };
    }
    case 'list': {
      const rows = await allTournaments(ctx.db);
      if (rows.length === 0) return { message: 'No tournaments yet (npm run ops -- tournament create <file>).' };
      return {
        message: rows
          .map(
            (row) =>
              `${row.identity}  [${STATE[row.state]}]  ${row.scoring}  ${row.startAt.toISOString()} to ${row.endAt.toISOString()}  ${row.prizes.length} prizes`,
          )
          .join('\n'),
      };
    }
    case 'start': {
      const row = await findTournament(ctx.db, body.identity);
      if (!row) throw notFound(`No tournament "${body.identity}"`);
      if (row.state !== 2) return { message: `${row.identity} is ${STATE[row.state]}: nothing to start` };
      await withTransaction(ctx, (tx) =>
        tx.execute(
          sql`update tournaments set state = 3, start_at = least(start_at, now()) where id = ${row.id}::uuid and state = 2`,
        ),
      );
      await changed(row.id);
      return { message: `Started ${row.identity}` };
    }
    case 'end': {
      const row = await findTournament(ctx.db, body.identity);
      if (!row) throw notFound(`No tournament "${body.identity}"`);
      if (row.state !== 2 && row.state !== 3) return { message: `${row.identity} is ${STATE[row.state]} already` };
      const now = new Date();
      await withTransaction(ctx, (tx) =>
        tx.execute(
          sql`update tournaments set end_at = least(end_at, ${now.toISOString()}::timestamptz) where id = ${row.id}::uuid`,
        ),
      );
      const result = await completeTournament(ctx, rules, row.id, { now, force: true });
      await changed(row.id);
      if (result.outcome !== 'completed') return { message: `${row.identity}: ${result.outcome}` };
      const paid = result.awards.map((a) => `#${a.place} ${a.playerId}: ${a.result}`).join('; ');
      return {
        message:
          `Ended ${row.identity}: ${result.awards.length} prizes paid${paid ? ` (${paid})` : ''}` +
          (result.next ? `; next: ${result.next.identity}` : ''),
      };
    }
  }
}

/** `tournament create <file.json> | list | start|end <identity>`. */
function parseTournament(args: string[]): OpsTournamentBody {
  const [verb, a] = args;
  if (verb === 'create' && a && args.length === 2)
    return { action: 'create', tournament: readTournamentFile(path.resolve(a)) };
  if (verb === 'list' && args.length === 1) return { action: 'list' };
  if ((verb === 'start' || verb === 'end') && a && args.length === 2) return { action: verb, identity: a };
  throw new CommandArgsError('tournament needs create <file.json> | list | start <identity> | end <identity>.');
}

/** The `tournament` command; `engineOf` finds the running node's engine (the manifest holds them). */
export const tournamentCommand = (engineOf: (node: AppContext) => TournamentEngine | null) =>
  opsCommand({
    word: 'tournament',
    usage: `  tournament create <file.json> | tournament list | tournament start|end <identity>
      Tournaments: create one from a JSON file (identity, title, scoring win|multiplier|stake, minStake,
      games, collections, prizes by place, startAt, endAt, recurrence daily + series), list them, start
      an upcoming one now, or end one now (its prizes are paid at once, each place once).`,
    parse: parseTournament,
    route: 'tournament',
    permission: readsOn('Promotion', ['list']),
    body: opsTournamentBodySchema,
    ...answersMessage,
    run: (ctx, body) =>
      opsTournament(ctx, body, ctx.config.bonus, async (id) => {
        // A running node scores and pushes at once; the others re-read their running tournaments within seconds.
        const engine = ctx.node && engineOf(ctx.node);
        engine?.cache.invalidate();
        if (body.action === 'end') {
          engine?.forget(id);
          await engine?.store.drop(id);
        }
      }),
  });
