// `npm run faults`: the outages a real deployment meets, under steady real-money play. It starts its
// own Redis and PostgreSQL on spare ports (never the shared ones) and the server as two processes on
// them; ten players play (the bench acts as their game provider: signed bets and wins, a void when the
// casino gives no definite answer), read their wallet and hold a push connection each. Then, one after
// another: Redis killed for 20 s and restarted empty; PostgreSQL stopped for 20 s; PostgreSQL frozen
// (SIGSTOP) for 15 s; one server process killed. Per fault it prints the answers by status, how fast
// they came, readiness, the time to the first good request and the first push after recovery; at the
// end the pushes lost, the crashes, and the ledger audit against what the provider heard.
//
//   npm run faults                       the four faults, 20 s / 20 s / 15 s
//   npm run faults -- --seconds 10       shorter outages
//   npm run faults -- --json             one JSON report
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { auditLedger, freePort, redisAnswers, root, startRedis, startServer, walletPoster } from './harness.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const pg = serverRequire('pg');
const { Centrifuge } = serverRequire('centrifuge');
const { WebSocket } = serverRequire('ws');

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    players: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});
const OUTAGE_MS = Number(args.seconds) * 1000;
const FREEZE_MS = Math.round(OUTAGE_MS * 0.75);
const CALM_MS = 10_000;
const PLAYERS = Number(args.players);
const SECRET = `faults-${randomBytes(24).toString('hex')}`;
const CREDIT = 1_000_000; // EUR per player: no bet is short of money
const STAKE = 100;
const log = (...parts) => args.json || console.log(...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

// --- its own Redis and PostgreSQL -------------------------------------------------------------------

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-faults-'));
/** PostgreSQL refuses to run as root: as its own user then (spawned as that user, so signals reach it). */
const asUser =
  process.getuid?.() === 0
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : {};

const pgDir = path.join(work, 'pg');
function initPostgres() {
  fs.mkdirSync(pgDir, { mode: 0o700 });
  if (asUser.uid !== undefined) fs.chownSync(pgDir, asUser.uid, asUser.gid);
  if (asUser.uid !== undefined) fs.chmodSync(work, 0o755);
  execFileSync('initdb', ['-D', pgDir, '-A', 'trust', '-U', 'postgres', '--no-sync'], { stdio: 'ignore', ...asUser });
}
function startPostgres(port) {
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'];
  return spawn('postgres', ['-D', pgDir, '-p', String(port), '-k', pgDir, ...settings], { stdio: 'ignore', ...asUser });
}
const postmaster = () => Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
/** The postmaster and every backend: a freeze stops them all, as a stalled machine would. */
function postgresPids() {
  const master = postmaster();
  const children = execFileSync('pgrep', ['-P', String(master)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  return [master, ...children.map(Number)];
}
/** Recovery is timed from the moment the dependency answers again, not from when it was started. */
async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  await client.connect();
  await client.end();
  return true;
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// --- what players and the provider see ---------------------------------------------------------------

/** Every answer, with the time it was asked and how long it took: the report cuts it by fault window. */
const answers = [];
const record = (kind, status, startedAt) => answers.push({ kind, status, at: startedAt, ms: now() - startedAt });
const pushes = []; // { player, at, balance }
const rounds = []; // { at, settled: boolean, voided: boolean }
const ready = []; // { at, status, ms, database, redis }

const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
let base = '';
let post = null;

async function api(pathname, { method = 'GET', body, token, kind = 'api' } = {}) {
  const startedAt = now();
  try {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const json = await response.json().catch(() => null);
    record(kind, response.status, startedAt);
    return { status: response.status, json };
  } catch {
    record(kind, 'no answer', startedAt);
    return { status: 0, json: null };
  }
}

/** The provider's view: per game session, the balance its definite answers add up to. */
const heard = new Map();
const applied = (player, transactionId, delta) => heard.get(player.session).set(transactionId, delta);

/** One wallet call; a call without a definite answer is sent again (same transaction) a few times. */
async function wallet(kind, body) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const startedAt = now();
    try {
      const { status, text } = await post(kind, body);
      record(`wallet ${kind}`, status, startedAt);
      if (status < 500) return { status, json: JSON.parse(text) };
    } catch {
      record(`wallet ${kind}`, 'no answer', startedAt);
    }
    // A bet is not retried: a real provider voids the round instead (below).
    if (kind === 'bet') return { status: 0, json: null };
    await sleep(Math.min(1000, 50 * 2 ** Math.min(attempt, 5)));
  }
  return { status: 0, json: null };
}

/** Whether the players go on (an object: the loops read it after each await). */
const run = { playing: true };
async function play(player) {
  while (run.playing) {
    const startedAt = now();
    const roundId = `faults-r-${randomUUID()}`;
    const common = { token: player.session, roundId, gameIdentity: player.game, currency: 'EUR' };
    const bet = { ...common, transactionId: `faults-b-${randomUUID()}`, amount: STAKE };
    const placed = await wallet('bet', bet);
    if (placed.status === 200) {
      applied(player, bet.transactionId, -STAKE);
      player.answered.push(placed.json.balance);
      const win = {
        ...common,
        transactionId: `faults-w-${randomUUID()}`,
        amount: Math.floor(Math.random() * 200),
        closeRound: true,
      };
      const paid = await wallet('win', win);
      if (paid.status === 200) {
        applied(player, win.transactionId, win.amount);
        player.answered.push(paid.json.balance);
      }
      rounds.push({ at: startedAt, settled: paid.status === 200, voided: false });
    } else if (placed.status === 0) {
      // No definite answer from the casino: the provider voids the round (a rollback, retried).
      const { currency: _currency, ...rest } = common;
      const voidId = `faults-v-${randomUUID()}`;
      const voided = await wallet('rollback', {
        ...rest,
        transactionId: voidId,
        referenceTransactionId: bet.transactionId,
      });
      // A rolled-back bet that had been debited is refunded; one never applied moves nothing.
      if (voided.status === 200) player.answered.push(voided.json.balance);
      rounds.push({ at: startedAt, settled: false, voided: true });
    } else rounds.push({ at: startedAt, settled: false, voided: false });
    await sleep(150);
  }
}

async function browse(player) {
  while (run.playing) {
    await api('/api/wallet/accounts', { token: player.token, kind: 'player api' });
    await sleep(500);
  }
}

async function probeReady() {
  while (run.playing) {
    const startedAt = now();
    const answer = await api('/api/ready', { kind: 'ready' });
    const report = answer.json?.data ?? answer.json?.error?.report;
    ready.push({
      at: startedAt,
      status: answer.status,
      ms: now() - startedAt,
      database: report?.database?.up,
      redis: report?.redis?.up,
    });
    await sleep(250);
  }
}

function listen(player, wsUrl) {
  const client = new Centrifuge(wsUrl, {
    websocket: WebSocket,
    token: player.token,
    minReconnectDelay: 200,
    maxReconnectDelay: 2000,
  });
  const sub = client.newSubscription(`wallet:accounts#${player.id}`);
  sub.on('publication', (ctx) => {
    const balance = ctx.data?.account?.balance;
    if (balance !== undefined) pushes.push({ player: player.id, at: now(), balance: String(balance) });
  });
  sub.subscribe();
  client.connect();
  return client;
}

// --- the run ----------------------------------------------------------------------------------------

const redisPort = await freePort();
const pgPort = await freePort();
const httpPort = await freePort();
let redis = startRedis(redisPort);
initPostgres();
let postgres = startPostgres(pgPort);
const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
await until(
  async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.end();
    return true;
  },
  30_000,
  'PostgreSQL',
);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('create database faults');
await admin.end();
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/faults`;

const dataDir = path.join(work, 'data');
const env = {
  PORT: String(httpPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  PROCESSES: '2',
  GAME_WALLET_SECRET: SECRET,
  SEED_DEMO: '0',
  GAME_SESSION_TTL: '86400',
  SIGN_UP_PER_ADDRESS: '0',
};
base = `http://127.0.0.1:${httpPort}`;
post = walletPoster({ base, secret: SECRET, agent, timeoutMs: 5_000 });
const server = startServer(env);
const report = { seconds: OUTAGE_MS / 1000, players: PLAYERS, faults: [], audit: {} };
const clients = [];
let failed = null;
try {
  await server.ready;
  const [game] = (await api('/api/game/games?perPage=1')).json.data;
  // Money for the run, through the ledger: the operator's CLI on the database.
  const credit = (email) =>
    new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/ops/cli.ts', 'credit', email, String(CREDIT), 'EUR'],
        {
          cwd: path.join(root, 'apps/server'),
          env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
          stdio: 'ignore',
        },
      );
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`credit ${email} exited ${code}`))));
    });
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const email = `faults-${i}-${randomBytes(3).toString('hex')}@example.com`;
    const password = 'faults-pass-1234';
    const signedUp = await api('/api/player/register', {
      method: 'POST',
      body: { email, password, password_confirmation: password, currency: 'EUR', agreements: true },
    });
    if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}`);
    const player = { email, token: signedUp.json.data.accessToken, id: signedUp.json.data.profile.id, answered: [] };
    await credit(email);
    const launched = await api(`/api/game/games/${encodeURIComponent(game.identity)}/play`, {
      method: 'POST',
      token: player.token,
      body: { demoMode: false, platform: 2 },
    });
    player.session = launched.json.data.token;
    player.game = game.identity;
    heard.set(player.session, new Map());
    players.push(player);
  }
  for (const player of players) clients.push(listen(player, `ws://127.0.0.1:${httpPort}/connection/websocket`));
  const loops = [...players.flatMap((p) => [play(p), browse(p)]), probeReady()];
  await sleep(CALM_MS);

  // The cluster's server processes (not tsx's esbuild helper, also a child of the primary).
  const workerPids = () =>
    execFileSync('pgrep', ['-P', String(server.child.pid), '-f', 'main.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  const faults = [
    {
      name: `Redis killed for ${OUTAGE_MS / 1000} s, restarted empty`,
      async start() {
        redis.kill('SIGKILL');
      },
      async end() {
        redis = startRedis(redisPort);
        await until(() => redisAnswers(redisPort), 30_000, 'Redis');
      },
      ms: OUTAGE_MS,
    },
    {
      name: `PostgreSQL stopped for ${OUTAGE_MS / 1000} s`,
      async start() {
        // A fast shutdown, as `pg_ctl stop -m fast` does.
        const stopped = new Promise((resolve) => postgres.once('exit', resolve));
        postgres.kill('SIGINT');
        await stopped;
      },
      async end() {
        postgres = startPostgres(pgPort);
        await until(() => postgresAnswers(adminUrl), 30_000, 'PostgreSQL');
      },
      ms: OUTAGE_MS,
    },
    {
      name: `PostgreSQL frozen (SIGSTOP) for ${FREEZE_MS / 1000} s`,
      async start() {
        for (const pid of postgresPids()) process.kill(pid, 'SIGSTOP');
      },
      async end() {
        for (const pid of postgresPids()) process.kill(pid, 'SIGCONT');
      },
      ms: FREEZE_MS,
    },
    {
      name: 'one server process killed (SIGKILL)',
      async start() {
        process.kill(workerPids()[0], 'SIGKILL');
      },
      async end() {},
      ms: 0,
    },
  ];
  for (const fault of faults) {
    log(`  ${fault.name} …`);
    const startedAt = now();
    await fault.start();
    await sleep(fault.ms);
    await fault.end();
    const endedAt = now();
    await sleep(CALM_MS);
    report.faults.push(summarise(fault.name, startedAt, endedAt));
  }
  log('  the players stop; the audit …');
  run.playing = false;
  await Promise.all(loops);
  // The provider's view against the database: the credit plus every definite success, once.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const expected = new Map(
    players.map((p) => [p.session, CREDIT * 100 + [...heard.get(p.session).values()].reduce((a, d) => a + d, 0)]),
  );
  report.audit = await auditLedger(db, expected);
  log('  audited; stopping …');
  await db.end();
  // Exits of server processes other than the one the last fault killed on purpose.
  report.crashes = (server.output().match(/Server process \d+ exited/g) ?? []).length - 1;
  report.pushesLost = pushesLost(players);
  report.rounds = { played: rounds.length, settled: rounds.filter((r) => r.settled).length };
} catch (error) {
  failed = error;
} finally {
  run.playing = false;
  for (const client of clients) client.disconnect();
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  redis.kill('SIGKILL');
  try {
    for (const pid of postgresPids()) process.kill(pid, 'SIGCONT');
  } catch {
    // already stopped
  }
  if (postgres.exitCode === null) {
    const stopped = new Promise((resolve) => postgres.once('exit', resolve));
    postgres.kill('SIGINT');
    await stopped;
  }
  fs.rmSync(work, { recursive: true, force: true });
  agent.destroy();
}

/** What players, the provider and a load balancer saw from a fault's start to `CALM_MS` after its end. */
function summarise(name, startedAt, endedAt) {
  const during = answers.filter((a) => a.at >= startedAt && a.at < endedAt);
  const byStatus = {};
  for (const a of during) (byStatus[a.kind] ??= {})[a.status] = ((byStatus[a.kind] ?? {})[a.status] ?? 0) + 1;
  const refusals = during.filter((a) => a.kind === 'player api' && a.status !== 200);
  const slowRefusals = refusals.filter((a) => a.ms > 1000).length;
  const wrongStatus = during.filter((a) => a.kind === 'player api' && a.status !== 200 && a.status !== 503).length;
  const roundsDuring = rounds.filter((r) => r.at >= startedAt && r.at < endedAt);
  const firstGood = answers.find((a) => a.kind === 'player api' && a.status === 200 && a.at >= endedAt);
  const firstPush = pushes.find((p) => p.at >= endedAt);
  const readyDuring = ready.filter((r) => r.at >= startedAt && r.at < endedAt);
  return {
    name,
    answers: byStatus,
    playerRefusalsSlowerThan1s: slowRefusals,
    slowestPlayerRefusalMs: Math.round(Math.max(0, ...refusals.map((a) => a.ms))),
    playerAnswersNeither200Nor503: wrongStatus,
    rounds: {
      played: roundsDuring.length,
      settled: roundsDuring.filter((r) => r.settled).length,
      voidedAfterNoAnswer: roundsDuring.filter((r) => r.voided).length,
    },
    ready: {
      statuses: countBy(readyDuring.map((r) => r.status)),
      slowestMs: Math.round(Math.max(0, ...readyDuring.map((r) => r.ms))),
      namedDown: countBy(
        readyDuring.flatMap((r) => [r.database === false && 'database', r.redis === false && 'redis'].filter(Boolean)),
      ),
    },
    firstGoodRequestMs: firstGood ? Math.round(firstGood.at + firstGood.ms - endedAt) : null,
    firstPushMs: firstPush ? Math.round(firstPush.at - endedAt) : null,
  };
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/**
 * Balance changes a definite wallet answer reported that no push ever carried: every change is pushed
 * with the full account, so each balance a player had should reach their socket.
 */
function pushesLost(players) {
  let lost = 0;
  for (const player of players) {
    const pushed = new Set(
      pushes.filter((p) => p.player === player.id).map((p) => Math.round(Number(p.balance) * 100)),
    );
    lost += player.answered.filter((balance) => !pushed.has(balance)).length;
  }
  return lost;
}

if (args.json) console.log(JSON.stringify({ ...report, failed: failed ? String(failed.message) : null }));
else {
  for (const fault of report.faults) {
    console.log(`\n  ${fault.name}`);
    for (const [kind, statuses] of Object.entries(fault.answers))
      console.log(`    ${kind}: ${JSON.stringify(statuses)}`);
    console.log(
      `    rounds: ${fault.rounds.settled} of ${fault.rounds.played} settled, ${fault.rounds.voidedAfterNoAnswer} voided after no answer`,
    );
    console.log(
      `    player refusals slower than 1 s: ${fault.playerRefusalsSlowerThan1s} (slowest ${fault.slowestPlayerRefusalMs} ms); answers neither 200 nor 503: ${fault.playerAnswersNeither200Nor503}`,
    );
    console.log(`    ready: ${JSON.stringify(fault.ready)}`);
    console.log(
      `    after recovery: first good request ${fault.firstGoodRequestMs} ms, first push ${fault.firstPushMs} ms`,
    );
  }
  console.log(
    `\n  rounds ${JSON.stringify(report.rounds)}; crashes ${report.crashes}; balances answered but never pushed ${report.pushesLost}`,
  );
  console.log(`  audit: ${JSON.stringify(report.audit)}`);
}
const problems = Object.entries(report.audit).filter(([, n]) => n !== 0);
if (failed || problems.length > 0) {
  console.error(
    failed
      ? `faults run failed: ${failed.stack ?? failed}`
      : `audit failed: ${problems.map(([k, n]) => `${k}=${n}`).join(', ')}`,
  );
  process.exit(1);
}
