import { asc, eq, sql } from 'drizzle-orm';
import { EVENT_VERSIONS, type EventName } from '@casino/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { isDependencyUnavailable, pgErrorOf } from '../lib/pg-errors.ts';
import type { Broker } from '../push/index.ts';
import { errorText, isTransient, markDelivered, parkRow, rowsToRetry, TransientFailure } from './parked.ts';
import { PUSH_LANE, type OutboxConsumers, type OutboxLane, type OutboxRow, type Publication } from './outbox.ts';
import { outbox, outboxCursors } from './tables.ts';
import { withEnqueuedNoted } from './unit-of-work.ts';

/** Advisory lock class of the lanes; the second key is the hash of the lane's name. */
const LANE_LOCK_CLASS = 727_002;
const PRUNE_BATCH = 10_000;

/**
 * The horizon: every transaction of this database below it has ended, so no row below it can still
 * appear. It is `pg_snapshot_xmin(pg_current_snapshot())` but for transactions running in other
 * databases of the server: they write no rows here, and one running long (a CREATE DATABASE, a
 * report) must not hold back every lane. Read before the reading transaction has an xid.
 */
const HORIZON = sql`(select case when pg_snapshot_xmin(s) = pg_snapshot_xmax(s) then pg_snapshot_xmax(s)
  else coalesce(
    (select min(x) from pg_snapshot_xip(s) x
      where x::xid not in (select a.backend_xid from pg_stat_get_activity(null) a
                            where a.backend_xid is not null
                              and a.datid <> (select oid from pg_database where datname = current_database()))),
    pg_snapshot_xmax(s)) end
  from pg_current_snapshot() s)`;

export type DispatcherOptions = {
  /** How often each lane looks for rows written by another process (ops CLI, another node). */
  pollMs?: number;
  batchSize?: number;
  /** Longest wait between retries after a lane failed. */
  maxBackoffMs?: number;
  /** How long a wake-up waits to gather more rows into the push lane's batch. */
  coalesceMs?: number;
  /**
   * The same for the consumer lanes: their work is not in front of a player's eyes, and a wake-up
   * after every bet would have each of them read every row as often as the push lane does.
   */
  consumerCoalesceMs?: number;
  /** A broker that hangs must not hold the push lane's transaction forever. */
  publishTimeoutMs?: number;
  /**
   * A lane's transaction ends after handling rows for this long: once a handler has written, it holds
   * an xid until it commits, and that holds back the horizon of every lane (the push lane's too).
   */
  batchMs?: number;
  /** Rows every lane has passed are deleted once older than this (OUTBOX_RETENTION_HOURS). */
  retentionHours?: number;
  pruneEveryMs?: number;
  /**
   * A row that fails this many times over at least `parkAfterMs` is parked (kept apart with its error,
   * see parked.ts) and the lane goes on. Failures of the broker or the database itself never park.
   */
  parkAfter?: number;
  parkAfterMs?: number;
};

export type Dispatcher = {
  /** Look for new rows now, in every lane (call after a commit that enqueued). */
  wake(): void;
  /** Stops every lane; resolves once the batches in flight are finished. */
  stop(): Promise<void>;
};

type Handle = (row: OutboxRow, tx: Tx) => Promise<void>;
type BatchHandle = (rows: readonly OutboxRow[], tx: Tx) => Promise<void>;

/** How one lane handles rows; `handlerOf` is undefined for events the lane passes over. */
type LaneSpec = {
  name: string;
  /** The events the lane handles (null: all); it passes over the others without reading their payloads. */
  events: readonly string[] | null;
  coalesceMs: number;
  startFrom: OutboxLane['startFrom'];
  handlerOf(event: string): Handle | undefined;
  /** The lane's handler of runs of rows of this event, if it has one. */
  batchOf(event: string): BatchHandle | undefined;
  /** Handlers write: each runs in a savepoint, so a throw takes back only its own writes. */
  writes: boolean;
};

type LaneDeps = {
  db: Db;
  log: FastifyBaseLogger;
  pollMs: number;
  batchSize: number;
  batchMs: number;
  maxBackoffMs: number;
  parkAfter: number;
  parkAfterMs: number;
};

/**
 * A batch's outcome: rows passed; `busy`: another node runs the lane; `waitMs` > 0: the lane waits for
 * its retry (its failure now, or one another node recorded); `more`: rows may be waiting still.
 */
type LaneBatch = { handled: number; busy: boolean; waitMs: number; more: boolean };

const retryDelay = (deps: Pick<LaneDeps, 'pollMs' | 'maxBackoffMs'>, failures: number) =>
  Math.min(deps.maxBackoffMs, deps.pollMs * 2 ** Math.min(failures, 16));

/**
 * The retry after a failure. A consumer that fails backs off (up to a minute); PostgreSQL or Redis
 * away is no fault of the consumer's, and the lane tries again within half a second, so pushes resume
 * as soon as the dependency is back rather than at the end of a backoff grown during the outage.
 */
const DEPENDENCY_RETRY_MS = 500;
const retryAfterFailure = (deps: Pick<LaneDeps, 'pollMs' | 'maxBackoffMs'>, failures: number, error: unknown) =>
  isDependencyUnavailable(error) ? Math.min(DEPENDENCY_RETRY_MS, deps.maxBackoffMs) : retryDelay(deps, failures);

const IDLE: LaneBatch = { handled: 0, busy: false, waitMs: 0, more: false };

type Cursor = {
  tx: string;
  position: string;
  failures: number;
  wait_ms: number | null;
  /** How long the row after the cursor has been failing (null: it is not). */
  failing_ms: number | null;
  stale: boolean;
  retry_wanted: boolean;
};

/**
 * The lane's lease and cursor, first in its transaction, before it has an xid: the horizon, and the
 * lease as an advisory lock (which assigns no xid, unlike FOR UPDATE) so one node at a time runs the
 * lane. The cursor written at commit need not wait for the disk: a lost one hands rows over again,
 * which consumers allow. Null when another node holds the lane.
 */
async function leaseLane(tx: Tx, lane: LaneSpec): Promise<{ horizon: string; cursor: Cursor } | null> {
  const [head] = await rowsOf<{ horizon: string; locked: boolean }>(
    tx,
    sql`select ${HORIZON}::text as horizon,
               pg_try_advisory_xact_lock(${LANE_LOCK_CLASS}, hashtext(${lane.name})) as locked,
               set_config('synchronous_commit', 'off', true)`,
  );
  if (!head?.locked) return null;
  const [cursor] = await rowsOf<Cursor>(
    tx,
    sql`select tx::text, position::text, failures,
               ceil(extract(epoch from retry_at - clock_timestamp()) * 1000)::int as wait_ms,
               floor(extract(epoch from clock_timestamp() - failing_since) * 1000)::int as failing_ms,
               seen_at < now() - interval '1 minute' as stale,
               exists (select 1 from outbox_parked p where p.consumer = c.consumer and p.state = 'retry') as retry_wanted
          from outbox_cursors c where consumer = ${lane.name}`,
  );
  if (!cursor) throw new Error(`outbox lane ${lane.name} has no cursor`);
  return { horizon: head.horizon, cursor };
}

/** A row a handler failed on; `alone`: not inside a batch run. */
type RowFailure = { row: OutboxRow; error: unknown; alone: boolean };

/** A handler's statement failed in a transaction without a savepoint: the round is over, its failure recorded apart. */
class RoundAborted extends Error {
  constructor(
    readonly cursor: Cursor,
    readonly row: OutboxRow,
    readonly failure: unknown,
  ) {
    super(errorText(failure));
  }
}

/**
 * Records a failure of `failure.row` on the lane's cursor (after moving it past the rows handled
 * before), or parks the row and moves past it: once it has failed `parkAfter` times over `parkAfterMs`,
 * alone (not inside a batch run) and not for a transient cause. Answers whether it parked, else the wait.
 */
async function recordFailure(
  deps: LaneDeps,
  lane: LaneSpec,
  tx: Tx,
  earlier: Pick<Cursor, 'failures' | 'failing_ms'>,
  failure: { row: OutboxRow; error: unknown; alone: boolean },
  moved: { tx?: string; position?: number },
): Promise<{ parked: boolean; waitMs: number }> {
  const { row, error } = failure;
  const failures = earlier.failures + 1;
  const context = { err: error, consumer: lane.name, outboxId: row.id, event: row.event, failures };
  const park =
    failure.alone && !isTransient(error) && failures >= deps.parkAfter && (earlier.failing_ms ?? 0) >= deps.parkAfterMs;
  if (park) {
    await parkRow(tx, lane.name, row, failures, error);
    await tx
      .update(outboxCursors)
      .set({
        tx: row.tx,
        position: row.id,
        failures: 0,
        failingSince: null,
        retryAt: null,
        lastError: errorText(error),
        seenAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(outboxCursors.consumer, lane.name));
    deps.log.error(context, 'outbox consumer failed on a row again and again; the row is parked, the lane goes on');
    return { parked: true, waitMs: 0 };
  }
  const waitMs = retryAfterFailure(deps, failures, error);
  await tx
    .update(outboxCursors)
    .set({
      ...moved,
      failures,
      ...(earlier.failing_ms === null ? { failingSince: sql`clock_timestamp()` } : {}),
      retryAt: sql`clock_timestamp() + make_interval(secs => ${waitMs / 1000})`,
      lastError: errorText(error),
      seenAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(outboxCursors.consumer, lane.name));
  // An outage is logged once where it is seen (lib/redis.ts, lib/errors.ts), not by every lane each half second.
  if (isDependencyUnavailable(error)) deps.log.debug(context, 'outbox consumer waits for a dependency');
  else deps.log.error(context, 'outbox consumer failed; its lane retries');
  return { parked: false, waitMs };
}

/**
 * The rows an operator asked to retry, each in a savepoint of its own: delivered, or parked again
 * with the new error. Before the lane's new rows, in the same transaction and lease.
 */
async function retryParked(deps: LaneDeps, lane: LaneSpec, tx: Tx): Promise<void> {
  for (const { parkedId, row } of await rowsToRetry(tx, lane.name, deps.batchSize)) {
    const batch = lane.batchOf(row.event);
    const handler = lane.handlerOf(row.event);
    const context = { consumer: lane.name, outboxId: row.id, event: row.event };
    try {
      if (batch) await tx.transaction((sp) => batch([row], sp));
      else if (handler) await tx.transaction((sp) => handler(row, sp));
      else throw new Error(`the ${lane.name} lane no longer handles ${row.event}`);
      await markDelivered(tx, parkedId);
      deps.log.info(context, 'a parked outbox row was retried and delivered');
    } catch (error) {
      await parkRow(tx, lane.name, row, 1, error);
      deps.log.error({ ...context, err: error }, 'a parked outbox row failed again; it stays parked');
    }
  }
}

async function runLaneBatch(deps: LaneDeps, lane: LaneSpec): Promise<LaneBatch> {
  try {
    return await runLaneRound(deps, lane);
  } catch (error) {
    if (!(error instanceof RoundAborted)) throw error;
    // Recorded against the cursor the round started from, unless another node has moved it since.
    return deps.db.transaction(async (tx) => {
      const leased = await leaseLane(tx, lane);
      if (!leased) return { ...IDLE, busy: true };
      const { cursor } = leased;
      if (cursor.tx !== error.cursor.tx || cursor.position !== error.cursor.position) return { ...IDLE, more: true };
      const failure = { row: error.row, error: error.failure, alone: true };
      const outcome = await recordFailure(deps, lane, tx, cursor, failure, {});
      return outcome.parked ? { ...IDLE, handled: 1, more: true } : { ...IDLE, waitMs: outcome.waitMs };
    });
  }
}

/**
 * One round of one lane in one transaction: the rows after its cursor, in (tx, id) order, each to its
 * handler, then the cursor moved past those handled. Only rows whose transaction is below the horizon
 * (every older transaction has ended) are read, so a row that commits late is never passed over. A
 * throw rolls back that handler's savepoint and ends the round: the rows before it stay handled, the
 * lane records the failure and waits for its retry (or parks the row, see recordFailure). A crash before commit hands the whole batch over
 * again (at least once), with the handlers' writes rolled back (their effects exactly once).
 */
async function runLaneRound(deps: LaneDeps, lane: LaneSpec): Promise<LaneBatch> {
  return deps.db.transaction(async (tx) => {
    const leased = await leaseLane(tx, lane);
    if (!leased) return { ...IDLE, busy: true };
    const { horizon, cursor } = leased;
    if (cursor.wait_ms !== null && cursor.wait_ms > 0) return { ...IDLE, waitMs: cursor.wait_ms };
    if (cursor.retry_wanted) await retryParked(deps, lane, tx);

    const { rows, full } = await readLaneRows(deps, lane, tx, cursor, horizon);
    const { passed, handled, failure } = await handleRows(deps, lane, tx, cursor, rows);

    const moved = passed ? { tx: passed.tx, position: passed.id } : {};
    if (failure) {
      // The count and the time are the failing row's: a row passed before it starts them again.
      const earlier = passed ? { failures: 0, failing_ms: null } : cursor;
      const outcome = await recordFailure(deps, lane, tx, earlier, failure, moved);
      return outcome.parked
        ? { ...IDLE, handled: handled + 1, more: true }
        : { ...IDLE, handled, waitMs: outcome.waitMs };
    }
    // Nothing to write (no row, no failure to clear, seen lately): the transaction never takes an xid.
    if (passed || cursor.failures > 0 || cursor.stale)
      await tx
        .update(outboxCursors)
        .set({ ...moved, failures: 0, failingSince: null, retryAt: null, seenAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(outboxCursors.consumer, lane.name));
    return { ...IDLE, handled, more: handled < rows.length || full };
  });
}

/**
 * The rows after the lane's cursor whose transaction is below the horizon, in (tx, id) order; `full`: the
 * read stopped at its limit, so more may be waiting.
 */
async function readLaneRows(
  deps: LaneDeps,
  lane: LaneSpec,
  tx: Tx,
  cursor: Cursor,
  horizon: string,
): Promise<{ rows: OutboxRow[]; full: boolean }> {
  const after = sql`(${outbox.tx}, ${outbox.id}) > (${cursor.tx}::xid8, ${cursor.position}::bigint)
                      and ${outbox.tx} < ${horizon}::xid8`;
  let rows: OutboxRow[];
  let full: boolean;
  if (lane.events) {
    // A window of rows after the cursor, of which only the lane's own events (with their payloads)
    // and the window's last row (to move the cursor past the others) come back: the lane never reads
    // the rows of the events it passes over, which are most of them (every bet writes one).
    const window = deps.batchSize * 10;
    const found = await rowsOf<{
      id: string;
      tx: string;
      event: EventName;
      v: number;
      payload: unknown;
      created: string;
      n: string;
    }>(
      tx,
      sql`select w.id::text as id, w.tx::text as tx, w.event, w.v, w.created_at::text as created, w.n::text as n,
                   case when w.mine then (select o.payload from outbox o where o.id = w.id) end as payload
              from (select id, tx, event, v, created_at,
                           event = any(${`{${lane.events.join(',')}}`}::text[]) as mine,
                           row_number() over (order by tx, id) as at, count(*) over () as n
                      from (select id, tx, event, v, created_at from outbox
                             where ${after} order by tx, id limit ${window}) scanned) w
             where w.mine or w.at = w.n
             order by w.at`,
    );
    rows = found.map((row) => ({
      id: Number(row.id),
      tx: row.tx,
      event: row.event,
      v: row.v,
      payload: row.payload as OutboxRow['payload'],
      createdAt: new Date(row.created),
    }));
    full = Number(found[0]?.n ?? 0) === window;
  } else {
    rows = (await tx
      .select({
        id: outbox.id,
        tx: outbox.tx,
        event: outbox.event,
        v: outbox.v,
        payload: outbox.payload,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(after)
      .orderBy(asc(outbox.tx), asc(outbox.id))
      .limit(deps.batchSize)) as OutboxRow[];
    full = rows.length === deps.batchSize;
  }
  return { rows, full };
}

/**
 * Hands the rows to the lane's handlers in order, until one throws or the round has run `batchMs`:
 * answers the last row passed, how many were, and the failure that ended the round.
 */
async function handleRows(
  deps: LaneDeps,
  lane: LaneSpec,
  tx: Tx,
  cursor: Cursor,
  rows: OutboxRow[],
): Promise<{ passed: OutboxRow | null; handled: number; failure: RowFailure | null }> {
  const started = Date.now();
  let passed: OutboxRow | null = null;
  let handled = 0;
  let failure: RowFailure | null = null;
  for (let at = 0; at < rows.length;) {
    const row = rows[at]!;
    const batch = lane.batchOf(row.event);
    // A batch handler takes the run of consecutive rows of its event; any other row is one at a time.
    // After a failure the first run is one row: if that row is the one failing, it is parked alone.
    let end = at + 1;
    if (batch && !(cursor.failures > 0 && at === 0)) while (end < rows.length && rows[end]!.event === row.event) end++;
    const run = rows.slice(at, end);
    const handler = lane.handlerOf(row.event);
    try {
      if (batch) await tx.transaction((sp) => batch(run, sp));
      else if (handler && lane.writes) await tx.transaction((sp) => handler(row, sp));
      else if (handler) await handler(row, tx);
    } catch (error) {
      // The database refused a statement of a handler that had no savepoint of its own (a publisher
      // reading): the transaction is aborted, so its failure is recorded in a transaction of its own.
      if (!lane.writes && pgErrorOf(error)) throw new RoundAborted(cursor, row, error);
      failure = { row, error, alone: end === at + 1 };
      break;
    }
    passed = run[run.length - 1]!;
    handled += run.length;
    at = end;
    if (Date.now() - started >= deps.batchMs) break;
  }
  return { passed, handled, failure };
}

/**
 * Creates the lane's cursor if no node has yet: before the oldest row kept (`beginning`) or after the
 * newest row below the horizon (`now`).
 */
async function createCursor(db: DbOrTx, lane: Pick<LaneSpec, 'name' | 'startFrom'>): Promise<void> {
  await db.execute(
    lane.startFrom === 'now'
      ? sql`insert into outbox_cursors (consumer, tx, position)
            select ${lane.name}, coalesce(last.tx, '0'::xid8), coalesce(last.id, 0)
              from (select ${HORIZON} as horizon) h
              left join lateral (select tx, id from outbox where tx < h.horizon order by tx desc, id desc limit 1) last
                on true
            on conflict (consumer) do nothing`
      : sql`insert into outbox_cursors (consumer) values (${lane.name}) on conflict (consumer) do nothing`,
  );
}

/** One statement, outside any transaction: whether the lane waits for a retry, or has work (rows, or seen_at to refresh). */
async function laneState(db: Db, lane: LaneSpec): Promise<{ waitMs: number; due: boolean }> {
  const [state] = await rowsOf<{ wait_ms: number | null; due: boolean }>(
    db,
    sql`select ceil(extract(epoch from c.retry_at - clock_timestamp()) * 1000)::int as wait_ms,
               c.seen_at < now() - interval '1 minute'
                 -- A first row in index order, not EXISTS: for EXISTS the planner prefers a scan of the
                 -- whole table (it expects a match early), which grows with the table.
                 or (select o.id from outbox o
                      where (o.tx, o.id) > (c.tx, c.position) and o.tx < ${HORIZON}
                      order by o.tx, o.id limit 1) is not null
                 or exists (select 1 from outbox_parked p where p.consumer = c.consumer and p.state = 'retry') as due
          from outbox_cursors c where c.consumer = ${lane.name}`,
  );
  if (state) return { waitMs: Math.max(0, state.wait_ms ?? 0), due: state.due };
  await createCursor(db, lane);
  return { waitMs: 0, due: true };
}

/**
 * Deletes the rows every lane seen within the retention has passed that are older than the
 * retention, in batches; answers how many went. A lane no node has run for that long no longer holds
 * rows back.
 */
export async function pruneOutbox(db: DbOrTx, retentionHours: number): Promise<number> {
  const retention = sql`make_interval(secs => ${retentionHours * 3600})`;
  let total = 0;
  for (;;) {
    const [result] = await rowsOf<{ n: number }>(
      db,
      sql`with gone as (
            delete from outbox where id in (
              select o.id from outbox o,
                     (select tx, position from outbox_cursors where seen_at > now() - ${retention}
                       order by tx, position limit 1) c
               where (o.tx, o.id) <= (c.tx, c.position) and o.created_at < now() - ${retention}
               order by o.tx, o.id limit ${PRUNE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(result?.n ?? 0);
    total += n;
    if (n < PRUNE_BATCH) break;
  }
  // Parked rows an operator has settled (delivered on retry, or skipped) go after the same time.
  await db.execute(
    sql`delete from outbox_parked where state in ('delivered', 'skipped') and updated_at < now() - ${retention}`,
  );
  return total;
}

/**
 * The built-in lane: every row's publications (derived by its publishers) to the push broker, then the
 * node's observers. A publisher that throws on a row parks the row for this lane at once, and the other
 * publishers' pushes go out: one module's bug never holds back another's pushes (the balance above all).
 * A broker that fails holds the lane (every push would fail alike) but never parks a row.
 */
function pushLane(
  consumers: OutboxConsumers,
  broker: Broker,
  log: FastifyBaseLogger,
  publishTimeoutMs: number,
  coalesceMs: number,
): LaneSpec {
  const park = async (row: OutboxRow, tx: Tx, error: unknown, what: string) => {
    await parkRow(tx, PUSH_LANE, row, 1, error);
    log.error({ err: error, consumer: PUSH_LANE, outboxId: row.id, event: row.event }, what);
  };
  const publish = async (written: OutboxRow, tx: Tx) => {
    let row: OutboxRow;
    try {
      row = await consumers.current(written, tx);
    } catch (error) {
      if (pgErrorOf(error)) throw error;
      // A shape this node cannot read (a newer node wrote it): parked, the other rows' pushes go on.
      return park(written, tx, error, 'a push row is in a shape this node cannot read; the row is parked');
    }
    const publications: Publication[] = [];
    let failed: unknown = null;
    for (const publisher of consumers.publishersOf(row.event)) {
      try {
        publications.push(...(await publisher(row, tx)));
      } catch (error) {
        // A statement the database refused has aborted the lane's transaction: the round fails.
        if (pgErrorOf(error)) throw error;
        failed ??= error;
      }
    }
    for (const { channel, payload } of publications) {
      try {
        await withTimeout(broker.publish(channel, payload), publishTimeoutMs);
      } catch (error) {
        throw new TransientFailure(errorText(error), { cause: error });
      }
    }
    for (const observe of consumers.observersOf(row.event)) observe(row);
    if (failed)
      await park(row, tx, failed, 'a push publisher failed on a row; the row is parked, the other pushes go on');
  };
  // Publishers only read: no savepoint needed.
  return {
    name: PUSH_LANE,
    startFrom: 'beginning',
    events: null,
    coalesceMs,
    writes: false,
    handlerOf: () => publish,
    batchOf: () => undefined,
  };
}

/** A consumer's lane; its handlers get each row in its event's current shape (`consumers.current`). */
function consumerLane(lane: OutboxLane, consumers: OutboxConsumers, coalesceMs: number): LaneSpec {
  return {
    name: lane.name,
    startFrom: lane.startFrom,
    events: [...Object.keys(lane.handlers), ...Object.keys(lane.batches ?? {})],
    coalesceMs,
    writes: true,
    handlerOf(event) {
      const handle = lane.handlers[event as EventName] as Handle | undefined;
      return handle && (async (row, tx) => handle(await consumers.current(row, tx), tx));
    },
    batchOf(event) {
      const handle = lane.batches?.[event as EventName] as BatchHandle | undefined;
      return (
        handle &&
        (async (rows, tx) => {
          // Every bet writes these rows: a run already in the current shape is handed over as it is.
          if (rows.every((row) => row.v === EVENT_VERSIONS[row.event])) return handle(rows, tx);
          const current: OutboxRow[] = [];
          for (const row of rows) current.push(await consumers.current(row, tx));
          await handle(current, tx);
        })
      );
    },
  };
}

type Runner = { wake(): void; stop(): Promise<void> };

/**
 * Schedules one lane on this node: at once on start, whenever woken, every `pollMs` for rows written
 * by other processes; after a failure it waits for the retry and ignores wake-ups meanwhile. Its own
 * round in flight, so a slow or failing lane never delays another.
 */
function laneRunner(
  lane: LaneSpec,
  deps: LaneDeps,
  timing: { pollMs: number; maxBackoffMs: number },
  wakeAll: () => void,
): Runner {
  const { coalesceMs } = lane;
  const work = laneRounds(lane, deps, timing, wakeAll);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let due = 0;
  let inFlight: Promise<void> | null = null;
  let rerun = false;
  let waitUntil = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    due = Date.now() + ms;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    timer = null;
    if (stopped) return;
    if (inFlight) {
      rerun = true;
      return;
    }
    inFlight = round().finally(() => {
      inFlight = null;
    });
  }

  async function round() {
    const { next: planned, wait } = await work(() => stopped);
    let next = planned;
    waitUntil = wait > 0 ? Date.now() + next : 0;
    if (rerun && wait === 0) next = Math.min(next, coalesceMs);
    rerun = false;
    schedule(next);
  }

  schedule(0);
  return {
    wake() {
      if (stopped || Date.now() < waitUntil) return;
      if (inFlight) rerun = true;
      // Wake-ups in a burst share one round: an earlier one already scheduled it soon enough.
      else if (!timer || due > Date.now() + coalesceMs) schedule(coalesceMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}

/**
 * What one lane's rounds do: look whether the lane has work, and run its batch if so. Each answers when
 * the next round comes (`next`) and the wait for a retry it owes (`wait`, 0: none); a round that fails
 * is logged (unless the lane has `stopped`) and backs the lane off.
 */
function laneRounds(
  lane: LaneSpec,
  deps: LaneDeps,
  timing: { pollMs: number; maxBackoffMs: number },
  wakeAll: () => void,
): (stopped: () => boolean) => Promise<{ next: number; wait: number }> {
  const { pollMs, maxBackoffMs } = timing;
  const { coalesceMs } = lane;
  // The last round passed rows: more are likely, so the next goes straight to its batch (the look
  // before it only spares an idle lane a transaction).
  let flowing = false;
  let errors = 0;

  return async (stopped) => {
    let next = pollMs;
    let wait = 0;
    try {
      const state = flowing ? { waitMs: 0, due: true } : await laneState(deps.db, lane);
      flowing = false;
      if (state.waitMs > 0) wait = state.waitMs;
      else if (state.due) {
        // Events the handlers wrote go out right after the commit, as any transaction's do.
        const { result: batch, enqueued } = await withEnqueuedNoted(() => runLaneBatch(deps, lane));
        if (enqueued) wakeAll();
        flowing = batch.handled > 0 && batch.waitMs === 0;
        if (batch.waitMs > 0) wait = batch.waitMs;
        else if (batch.more) next = 0;
        else if (batch.handled > 0) next = coalesceMs;
      }
      errors = 0;
    } catch (error) {
      errors++;
      wait = retryAfterFailure(timing, errors, error);
      const log = isDependencyUnavailable(error) ? deps.log.debug : deps.log.error;
      if (!stopped()) log.call(deps.log, { err: error, consumer: lane.name }, 'outbox lane round failed; will retry');
    }
    if (wait > 0) next = Math.min(wait, maxBackoffMs);
    return { next, wait };
  };
}

/**
 * Runs this node's lanes: the push lane and every registered consumer (registered later too), each
 * with its own cursor, schedule and retries; and prunes the rows every lane has passed.
 */
export function startOutboxDispatcher(
  ctx: Pick<AppContext, 'db' | 'broker' | 'outboxConsumers'>,
  log: FastifyBaseLogger,
  options: DispatcherOptions = {},
): Dispatcher {
  const pollMs = options.pollMs ?? 250;
  const timing = { pollMs, maxBackoffMs: options.maxBackoffMs ?? 60_000 };
  // A wake-up waits this long, so the events of calls committing together go out in one batch.
  const coalesceMs = options.coalesceMs ?? 20;
  const consumerCoalesceMs = options.consumerCoalesceMs ?? 500;
  const deps: LaneDeps = {
    db: ctx.db,
    log,
    pollMs,
    maxBackoffMs: timing.maxBackoffMs,
    batchSize: options.batchSize ?? 100,
    batchMs: options.batchMs ?? 200,
    parkAfter: options.parkAfter ?? 5,
    parkAfterMs: options.parkAfterMs ?? 60_000,
  };
  const runners = new Map<string, Runner>();
  const leaving = new Set<Promise<void>>();
  const wakeAll = () => {
    for (const runner of runners.values()) runner.wake();
  };
  // Consumer lanes also look for other processes' rows less often: no player waits on them.
  const add = (spec: LaneSpec) =>
    runners.set(
      spec.name,
      laneRunner(
        spec,
        deps,
        spec.events ? { ...timing, pollMs: Math.max(pollMs, consumerCoalesceMs) } : timing,
        wakeAll,
      ),
    );

  add(pushLane(ctx.outboxConsumers, ctx.broker, log, options.publishTimeoutMs ?? 5_000, coalesceMs));
  for (const lane of ctx.outboxConsumers.lanes()) add(consumerLane(lane, ctx.outboxConsumers, consumerCoalesceMs));
  const unwatch = ctx.outboxConsumers.watchLanes((lane, added) => {
    if (added) return add(consumerLane(lane, ctx.outboxConsumers, consumerCoalesceMs));
    const runner = runners.get(lane.name);
    runners.delete(lane.name);
    const stopping = runner?.stop().finally(() => leaving.delete(stopping!));
    if (stopping) leaving.add(stopping);
  });

  const retentionHours = options.retentionHours ?? 72;
  let pruning: Promise<void> | null = null;
  const pruneTimer = setInterval(() => {
    pruning ??= pruneOutbox(ctx.db, retentionHours)
      .then((n) => (n > 0 ? log.info({ pruned: n }, 'outbox rows every lane has passed deleted') : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'outbox pruning failed; will retry'))
      .finally(() => {
        pruning = null;
      });
  }, options.pruneEveryMs ?? 60_000);
  pruneTimer.unref();

  return {
    wake: wakeAll,
    async stop() {
      unwatch();
      clearInterval(pruneTimer);
      await Promise.all([...[...runners.values()].map((r) => r.stop()), ...leaving, pruning]);
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`publish timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
