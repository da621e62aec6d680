import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { CommandArgsError, opsCommand, readsOn } from '../lib/ops-command.ts';
import { decideParked, laneStates, parkedRow, parkedRows, type LaneState, type ParkedRow } from '../outbox/index.ts';

const parkedId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const opsEventsBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }).strict(),
  z.object({ action: z.literal('show'), id: parkedId }).strict(),
  z.object({ action: z.literal('retry'), id: parkedId }).strict(),
  z.object({ action: z.literal('skip'), id: parkedId }).strict(),
]);
export type OpsEventsBody = z.infer<typeof opsEventsBodySchema>;

const opsLaneSchema = z.object({
  consumer: z.string(),
  behind: z.number().int(),
  failures: z.number().int(),
  retryAt: z.string().nullable(),
  lastError: z.string().nullable(),
  seenAt: z.string(),
});
const opsParkedSchema = z.object({
  id: z.number().int(),
  consumer: z.string(),
  outboxId: z.number().int(),
  event: z.string(),
  state: z.enum(['parked', 'retry', 'delivered', 'skipped']),
  failures: z.number().int(),
  lastError: z.string(),
  createdAt: z.string(),
  parkedAt: z.string(),
  updatedAt: z.string(),
  payload: z.record(z.string(), z.unknown()).optional(),
});
export const opsEventsResultSchema = z.object({
  lanes: z.array(opsLaneSchema),
  parked: z.array(opsParkedSchema),
  /** What a decision did, in words. */
  message: z.string().nullable(),
});
type OpsEventsResult = z.infer<typeof opsEventsResultSchema>;

/**
 * The consumers of the domain events and the rows they parked (`list`), one parked row whole (`show`),
 * or a decision on one: hand it to its lane again (`retry`) or leave it undelivered (`skip`).
 */
export async function opsEvents(db: Db, body: OpsEventsBody): Promise<OpsEventsResult> {
  if (body.action === 'list') return { lanes: await laneStates(db), parked: await parkedRows(db), message: null };
  const row = body.action === 'show' ? await parkedRow(db, body.id) : await decideParked(db, body.id, body.action);
  if (!row) throw notFound(`No parked event ${body.id}; \`events list\` shows them.`);
  const message =
    body.action === 'show'
      ? null
      : row.state === 'retry'
        ? `Event ${row.id} (${row.event}) goes to the ${row.consumer} lane again within a few seconds; \`events show ${row.id}\` tells how it went.`
        : row.state === 'skipped'
          ? `Event ${row.id} (${row.event}) is skipped: the ${row.consumer} lane will not deliver it.`
          : `Event ${row.id} is ${row.state} already; nothing changed.`;
  return { lanes: [], parked: [row], message };
}

const laneLine = (l: LaneState, width: number) =>
  [
    l.consumer.padEnd(width),
    `${l.behind} behind`,
    `${l.failures} failures`,
    `retry at ${l.retryAt ?? '—'}`,
    `seen ${l.seenAt}`,
    `last error: ${l.lastError ?? '—'}`,
  ].join('  ');

const parkedLine = (p: ParkedRow) =>
  `#${p.id}  ${p.state}  ${p.consumer}  ${p.event}  outbox row ${p.outboxId} of ${p.createdAt}  ${p.failures} failures  parked ${p.parkedAt}  last error: ${p.lastError}`;

/** Lanes one per line (how far behind, failures and next retry, when a node last ran it, last error), then parked rows. */
export function describeEvents(result: OpsEventsResult): string {
  if (result.message) return result.message;
  const [only] = result.parked;
  if (result.lanes.length === 0 && only)
    return `${parkedLine(only)}\npayload: ${JSON.stringify(only.payload ?? {}, null, 2)}`;
  const width = Math.max(0, ...result.lanes.map((l) => l.consumer.length));
  const lanes = result.lanes.length
    ? result.lanes.map((l) => laneLine(l, width)).join('\n')
    : 'No consumer has run yet.';
  const parked = result.parked.length
    ? `\n\nParked (retry or skip each: events retry|skip <id>):\n${result.parked.map(parkedLine).join('\n')}`
    : '\n\nNo parked events.';
  return lanes + parked;
}

/** `events [list] | show <id> | retry <id> | skip <id>`. */
function parseEvents(args: string[]): OpsEventsBody {
  const [verb, id] = args;
  if (args.length === 0 || (verb === 'list' && args.length === 1)) return { action: 'list' };
  if ((verb === 'show' || verb === 'retry' || verb === 'skip') && id && args.length === 2) {
    if (!/^#?[1-9]\d{0,15}$/.test(id))
      throw new CommandArgsError(`events ${verb}: "${id}" is not a parked event's number.`);
    return { action: verb, id: Number(id.replace('#', '')) };
  }
  throw new CommandArgsError('events needs list | show <id> | retry <id> | skip <id>.');
}

export const eventsCommand = opsCommand({
  word: 'events',
  usage: `  events [list] | events show <id> | events retry <id> | events skip <id>
      Each consumer of the domain events: how many events it is behind, its failures, when it retries
      and its last error; then the events a consumer parked (it failed on one again and again for over a
      minute, and went on past it). Show one whole (payload, error); once its cause is fixed, hand it to
      its consumer again (retry), or leave it undelivered (skip).`,
  parse: parseEvents,
  route: 'events',
  permission: readsOn('Event', ['list', 'show']),
  body: opsEventsBodySchema,
  result: opsEventsResultSchema,
  run: (ctx, body) => opsEvents(ctx.db, body),
  describe: describeEvents,
});
