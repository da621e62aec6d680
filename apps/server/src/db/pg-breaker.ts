import type net from 'node:net';
import pg from 'pg';
import { isDependencyUnavailable } from '../lib/pg-errors.ts';

/** What a request gets while the breaker is open (lib/pg-errors.ts maps it to 503 with Retry-After). */
export const BREAKER_MESSAGE = 'Database unreachable: waiting for it to answer again';
/** A probe every this often while PostgreSQL is away. */
const PROBE_EVERY_MS = 200;
/** A connection held this long makes the breaker ask a probe whether PostgreSQL still answers. */
const SUSPECT_AFTER_MS = 250;
/**
 * How long a probe waits for a connection and for `select 1`. 300 ms tripped the breaker on a busy
 * machine (a new backend's fork alone took longer under a loaded test run); 500 ms still refuses the
 * requests a frozen server caught within a second (0.25 s held + 0.5 s probe).
 */
const PROBE_DEADLINE_MS = 500;

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * A breaker in front of the pool, so an unreachable PostgreSQL (frozen, a network partition) gets every
 * request a 503 within a second and comes back within a second of answering again.
 *
 * Without it each request waited its whole connect deadline, one that held a connection waited its
 * query deadline (10 s), and every abandoned connection attempt stayed in the server's listen queue: on
 * a thaw PostgreSQL forked a backend for each before it reached a new one, which held recovery back by
 * seconds. Now, when a connection is refused, or a probe gets no answer within its deadline (asked when
 * a connection has been held for 0.25 s, or none could be had in time), the breaker opens: the
 * connections held are cut (their statements fail, their transactions end on the server), the pool
 * refuses at once, and one probe at a time asks until PostgreSQL answers; then the pool works again.
 * A query that is merely slow keeps running: the probe finds the server answering.
 * Returns a function that stops it.
 */
export function guardPool(pool: pg.Pool, probe: pg.ClientConfig, onChange: (open: boolean) => void): () => void {
  let open = false;
  let probing = false;
  let probeStartedAt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const held = new Map<pg.PoolClient, number>();
  const waiting = new Set<ConnectCallback>();
  pool.on('acquire', (client) => held.set(client, Date.now()));
  pool.on('release', (_error, client) => held.delete(client));
  pool.on('remove', (client) => held.delete(client as pg.PoolClient));

  const trip = () => {
    if (open || stopped) return;
    open = true;
    onChange(true);
    for (const client of held.keys())
      (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    for (const finish of [...waiting]) finish(new Error(BREAKER_MESSAGE));
    timer = setTimeout(retry, PROBE_EVERY_MS);
  };
  const retry = async () => {
    if (stopped) return;
    if (await answers(probe)) {
      open = false;
      onChange(false);
    } else timer = setTimeout(retry, PROBE_EVERY_MS);
  };
  /** Trips the breaker if a probe gets no answer; one probe at a time. */
  const suspect = async () => {
    if (open || probing || stopped) return;
    probing = true;
    probeStartedAt = Date.now();
    if (!(await answers(probe))) trip();
    probing = false;
  };
  // A connection held since before the last probe that found the server answering is a slow statement,
  // not news: only one taken since then makes the breaker ask again.
  const watchdog = setInterval(() => {
    const now = Date.now();
    if ([...held.values()].some((since) => since >= probeStartedAt && now - since > SUSPECT_AFTER_MS)) void suspect();
  }, 50);
  watchdog.unref();

  guardConnect(pool, { isOpen: () => open, waiting, suspect, trip });

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(watchdog);
  };
}

/** Whether PostgreSQL answers a new connection within the probe's deadline. */
async function answers(probe: pg.ClientConfig): Promise<boolean> {
  const client = new pg.Client({
    ...probe,
    connectionTimeoutMillis: PROBE_DEADLINE_MS,
    query_timeout: PROBE_DEADLINE_MS,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    client.end().catch(() => {});
  }
}

/** What the pool's connect asks of the breaker: whether it is open, its waiting callers, and its two alarms. */
type ConnectGuard = {
  isOpen: () => boolean;
  waiting: Set<ConnectCallback>;
  suspect: () => Promise<void>;
  trip: () => void;
};

/**
 * The pool's connect behind the breaker: refused at once while it is open; a refused connection trips
 * it, one that did not come in time has it ask a probe.
 */
function guardConnect(pool: pg.Pool, breaker: ConnectGuard): void {
  const { waiting, suspect, trip } = breaker;
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  // pg-pool's own `query` takes its connection through `this.connect(callback)`: one place for both.
  pool.connect = ((callback?: ConnectCallback) => {
    const settle = (done: ConnectCallback) => {
      if (breaker.isOpen()) return void process.nextTick(done, new Error(BREAKER_MESSAGE));
      // A caller still waiting for a connection when the breaker opens is refused then, not at its
      // connect deadline; a connection that comes later goes back to the pool.
      let answered = false;
      const finish: ConnectCallback = (error, client, release) => {
        if (answered) return void release?.();
        answered = true;
        waiting.delete(finish);
        done(error, client, release);
      };
      waiting.add(finish);
      connect((error, client, release) => {
        // Refused or reset: the server is not there. No connection in time: the pool may only be full.
        if (error && isDependencyUnavailable(error)) void (error.message.startsWith('timeout') ? suspect() : trip());
        finish(error, client, release);
      });
    };
    if (callback) return void settle(callback);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      settle((error, client) => (error ? reject(error) : resolve(client!))),
    );
  }) as typeof pool.connect;
}
