import { z } from 'zod';
import { fixtureById } from '@casino/games/sportsbook';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { answersMessage, opsCommand, type CommandContext, readsOn } from '../../lib/ops-command.ts';
import { openEvents, readClock, setClock, simTimeOf } from './events.ts';
import { settleEvent } from './settlement.ts';
import { deliverTickets } from './tickets.ts';

/**
 * `npm run ops -- sportsbook clock|events|settle|void`: the sandbox sportsbook provider's operator
 * (its simulated clock and its events). Settling writes the results and settles the tickets in the
 * database; the wallet calls that owes go out at once through a running server, else with the next
 * sweep of one.
 */
const SPORTSBOOK_PROVIDER_USAGE = `  sportsbook clock [<speed>] [--advance <minutes>]
      The sandbox sportsbook's simulated clock: show it, set its speed (simulated seconds per second),
      or jump it ahead; ended events settle by themselves.
  sportsbook events [live]
      Its open events (id, start, status, score); live ones only with live.
  sportsbook settle <event> <home>-<away> | sportsbook void <event>
      Settle an ended event with that final score (refused before it has ended in simulated time), or
      void an event at any time (its selections are void, all-void tickets are rolled back).`;

export const opsSportsbookProviderBodySchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('clock'),
      speed: z.number().int().min(1).max(10_000).optional(),
      advanceMinutes: z.number().int().min(0).max(100_000).optional(),
    })
    .strict(),
  z.object({ action: z.literal('events'), live: z.boolean() }).strict(),
  z
    .object({
      action: z.literal('settle'),
      event: z.string().min(1).max(100),
      home: z.number().int().min(0).max(999),
      away: z.number().int().min(0).max(999),
    })
    .strict(),
  z.object({ action: z.literal('void'), event: z.string().min(1).max(100) }).strict(),
]);
export type OpsSportsbookProviderBody = z.infer<typeof opsSportsbookProviderBodySchema>;

/** The provider's subcommands of `sportsbook`, or null (not one of them: the casino's sportsbook commands). */
export function parseSportsbookProviderArgs(rest: string[]): OpsSportsbookProviderBody | null {
  const [verb, ...args] = rest;
  if (verb === 'clock') {
    let speed: number | undefined;
    let advanceMinutes: number | undefined;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--advance' && /^\d+$/.test(args[i + 1] ?? '')) advanceMinutes = Number(args[++i]);
      else if (/^\d+$/.test(arg) && speed === undefined) speed = Number(arg);
      else return null;
    }
    return {
      action: 'clock',
      ...(speed !== undefined ? { speed } : {}),
      ...(advanceMinutes !== undefined ? { advanceMinutes } : {}),
    };
  }
  if (verb === 'events' && (args.length === 0 || (args.length === 1 && args[0] === 'live')))
    return { action: 'events', live: args[0] === 'live' };
  if (verb === 'settle' && args.length === 2) {
    const score = /^(\d{1,3})[-:](\d{1,3})$/.exec(args[1]!);
    if (!score) return null;
    return { action: 'settle', event: args[0]!, home: Number(score[1]), away: Number(score[2]) };
  }
  if (verb === 'void' && args.length === 1) return { action: 'void', event: args[0]! };
  return null;
}

/** The one implementation behind `POST /api/admin/commands/sportsbook-provider` and the CLI's own database access. */
export async function opsSportsbookProvider(
  ctx: Pick<CommandContext, 'db'>,
  body: OpsSportsbookProviderBody,
  deliver: (ticketIds: string[]) => Promise<void> = async () => {},
): Promise<{ message: string }> {
  switch (body.action) {
    case 'clock': {
      let clock = await readClock(ctx.db);
      if (body.speed !== undefined || body.advanceMinutes !== undefined)
        clock = await setClock(ctx.db, body.speed ?? clock.speed, body.advanceMinutes ?? 0);
      return {
        message: `Simulated time ${new Date(simTimeOf(clock)).toISOString()}, speed ×${clock.speed}`,
      };
    }
    case 'events': {
      const simMs = simTimeOf(await readClock(ctx.db));
      const list = (await openEvents(ctx.db, simMs)).filter((e) => !body.live || e.status === 'live');
      if (list.length === 0) return { message: body.live ? 'No live events.' : 'No open events.' };
      return {
        message: list
          .map(
            (e) =>
              `${e.id.padEnd(10)} ${e.startsAt}  ${e.status.padEnd(9)} ${e.score ? `${e.score.home}-${e.score.away} ${e.clock ?? ''}`.padEnd(14) : ''.padEnd(14)} ${e.sportName}: ${e.home} – ${e.away} (${e.league})`,
          )
          .join('\n'),
      };
    }
    case 'settle':
    case 'void': {
      if (!fixtureById(body.event)) throw notFound(`No sportsbook event "${body.event}"`);
      const simMs = simTimeOf(await readClock(ctx.db));
      const outcome = await settleEvent(
        ctx.db,
        body.event,
        body.action === 'void' ? { void: true } : { final: { home: body.home, away: body.away } },
        simMs,
      );
      switch (outcome.kind) {
        case 'unknown':
          throw notFound(`No sportsbook event "${body.event}"`);
        case 'not_ended':
          throw conflict(
            `${body.event} has not ended (it ends at ${outcome.endsAt.toISOString()} simulated time): a result cannot be settled before`,
          );
        case 'invalid':
          throw fieldError('score', outcome.message);
        case 'already':
          await deliver(outcome.tickets);
          return { message: `${body.event} is already ${outcome.status}: nothing changed` };
        case 'settled':
          await deliver(outcome.tickets);
          return {
            message:
              body.action === 'void'
                ? `Voided ${body.event}; ${outcome.tickets.length} ticket(s) settled`
                : `Settled ${body.event} at ${outcome.final!.home}-${outcome.final!.away}; ${outcome.tickets.length} ticket(s) settled`,
          };
      }
    }
  }
}

export const sportsbookProviderCommand = opsCommand({
  word: 'sportsbook',
  usage: SPORTSBOOK_PROVIDER_USAGE,
  parse: parseSportsbookProviderArgs,
  route: 'sportsbook-provider',
  permission: readsOn('Sportsbook', ['events']),
  body: opsSportsbookProviderBodySchema,
  ...answersMessage,
  run: (ctx, body) => {
    const { node } = ctx;
    // A running server also sends the settlements' wallet calls at once; else the next sweep of one does.
    return opsSportsbookProvider(ctx, body, node ? (ids) => deliverTickets(node, node.log, ids, true) : undefined);
  },
});
