import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { laneStates, type LaneState } from '../outbox/index.ts';

export const opsEventsBodySchema = z.object({}).strict();
export type OpsEventsBody = z.infer<typeof opsEventsBodySchema>;

export const opsLaneSchema = z.object({
  consumer: z.string(),
  behind: z.number().int(),
  failures: z.number().int(),
  retryAt: z.string().nullable(),
  lastError: z.string().nullable(),
  seenAt: z.string(),
});

export const opsEvents = (db: Db, _body: OpsEventsBody): Promise<LaneState[]> => laneStates(db);

/** One line per consumer: how far behind, its failures and next retry, when a node last ran it, its last error. */
export function describeEvents(lanes: LaneState[]): string {
  if (lanes.length === 0) return 'No consumer has run yet.';
  const width = Math.max(...lanes.map((l) => l.consumer.length));
  return lanes
    .map((l) =>
      [
        l.consumer.padEnd(width),
        `${l.behind} behind`,
        `${l.failures} failures`,
        `retry at ${l.retryAt ?? '—'}`,
        `seen ${l.seenAt}`,
        `last error: ${l.lastError ?? '—'}`,
      ].join('  '),
    )
    .join('\n');
}
