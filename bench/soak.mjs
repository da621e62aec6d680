// `npm run soak`: a long mixed load that finds leaks and slow drifts. Players sign up or sign in, browse
// the lobby, redeem a bonus code, deposit by card (the sandbox provider's page and its signed webhook),
// play slots (the bench is their game provider: signed bets and wins), bet on sports through the sandbox
// sportsbook, withdraw, and sign out; then come back. Two server processes share PostgreSQL (a database
// of the soak's own on DATABASE_URL's server) and a Redis the soak starts on a spare port. Each minute
// it prints throughput, p50/p99 per route group, errors, each process's RSS and heap, PostgreSQL
// connections and the outbox lag per lane; at the end the ledger audit, the trial balance and the goals.
//
//   npm run soak                           10 minutes, 24 players
//   npm run soak -- --minutes 30           the long run
//   npm run soak -- --players 40 --json    more load; one JSON report
//
// An answer is an error when it is not the one a correct server gives to that request: a 5xx, no answer,
// or a refusal the step does not expect (a sports ticket whose odds moved is a refusal, not an error).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  auditLedger,
  exchange,
  freePort,
  redisAnswers,
  root,
  startRedis,
  startServer,
  walletPoster,
} from './harness.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const pg = serverRequire('pg');
const { WebSocket } = serverRequire('ws');

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    players: { type: 'string', default: '24' },
    json: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const PLAYERS = Number(args.players);
const SECRET = `soak-${randomBytes(24).toString('hex')}`;
const PASSWORD = 'soak-pass-1234';
const SAMPLE_MS = 5_000;
const log = (...parts) => args.json || console.log(...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const think = () => sleep(150 + Math.random() * 350);

// --- what the players saw, per minute ---------------------------------------------------------------

let startedAt = 0;
/** minute → { latencies: group → ms[], errors: n, refusals: n, requests: n, samples: [] } */
const minutes = [];
const minuteOf = (t) =>
  (minutes[Math.floor((t - startedAt) / 60_000)] ??= {
    latencies: {},
    errors: 0,
    refusals: 0,
    requests: 0,
    samples: [],
  });
const errorSamples = [];
const errorKinds = {};
const refusalKinds = {};

function record(group, began, outcome, detail) {
  const bucket = minuteOf(began);
  bucket.requests++;
  (bucket.latencies[group] ??= []).push(now() - began);
  if (outcome === 'error') {
    bucket.errors++;
    errorKinds[`${group} ${detail.status}`] = (errorKinds[`${group} ${detail.status}`] ?? 0) + 1;
    if (errorSamples.length < 10) errorSamples.push({ group, ...detail });
  } else if (outcome === 'refused') {
    bucket.refusals++;
    refusalKinds[`${group} ${detail}`] = (refusalKinds[`${group} ${detail}`] ?? 0) + 1;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS * 4 });

/** One request; `expect` maps a status to 'ok' or 'refused' (anything else is an error). */
async function call(group, url, { method = 'GET', body, token, form, expect = { 200: 'ok' } } = {}) {
  const began = now();
  const { status, text } = await send(url, method, form, body, token)
    .catch((error) =>
      // A keep-alive connection the server closed as this request went out: sent again, as browsers do.
      error.reused && error.code === 'ECONNRESET' ? send(url, method, form, body, token) : Promise.reject(error),
    )
    .catch((error) => ({ status: 'no answer', text: String(error.message) }));
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // an HTML page (the card checkout) or nothing
  }
  const outcome = expect[status] ?? 'error';
  const code = json?.error?.code ?? '';
  record(
    group,
    began,
    outcome,
    outcome === 'error' ? { status, url: new URL(url).pathname, body: text.slice(0, 300) } : `${status} ${code}`,
  );
  return { status, json, ok: outcome === 'ok', outcome };
}

/** A player's request as the browser sends it: JSON or a form, with the bearer token. */
function send(url, method, form, body, token) {
  const raw = form ?? (body ? JSON.stringify(body) : undefined);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  return exchange(url, {
    agent,
    method,
    raw,
    headers: { ...(raw ? { 'content-type': type } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The game provider's signed wallet calls (docs/game-provider-api.md). */
const posters = new Map();
async function walletCall(base, kind, body) {
  if (!posters.has(base)) posters.set(base, walletPoster({ base, secret: SECRET, agent, timeoutMs: 30_000 }));
  const began = now();
  const post = posters.get(base);
  try {
    // A reset of a reused keep-alive connection is sent again: the same transaction id, so at most once.
    const { status, text } = await post(kind, body).catch((error) =>
      error.reused && error.code === 'ECONNRESET' ? post(kind, body) : Promise.reject(error),
    );
    const ok = status === 200;
    record('provider wallet', began, ok ? 'ok' : 'error', ok ? '' : { status, url: kind, body: text.slice(0, 300) });
    return ok ? JSON.parse(text) : null;
  } catch (error) {
    record('provider wallet', began, 'error', { status: 'no answer', url: kind, body: String(error.message) });
    return null;
  }
}

// --- a player's visit -------------------------------------------------------------------------------

const run = { going: true, visits: 0, signUps: 0, deposits: 0, rounds: 0, tickets: 0, withdrawals: 0, codes: {} };
let bases = [];
let slots = [];

async function signIn(player, base) {
  if (!player.email) {
    player.email = `soak-${player.index}-${randomBytes(4).toString('hex')}@example.com`;
    const signedUp = await call('sign-up', `${base}/api/player/register`, {
      method: 'POST',
      body: {
        email: player.email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        currency: 'EUR',
        agreements: true,
      },
    });
    if (!signedUp.ok) return (player.email = null);
    run.signUps++;
    return signedUp.json.data.accessToken;
  }
  const signedIn = await call('sign-in', `${base}/api/player/sessions`, {
    method: 'POST',
    body: { login: player.email, password: PASSWORD },
  });
  return signedIn.ok ? signedIn.json.data.accessToken : null;
}

async function browse(base, token) {
  await call('browse', `${base}/api/game/collections`, { token });
  await think();
  const page = await call('browse', `${base}/api/game/games?perPage=24&page=${1 + Math.floor(Math.random() * 20)}`, {
    token,
  });
  await think();
  const game = page.json?.data?.length ? pick(page.json.data) : null;
  if (game) await call('browse', `${base}/api/game/games/${encodeURIComponent(game.identity)}`, { token });
  await call('browse', `${base}/api/game/promotions`, { token });
  await call('browse', `${base}/api/retention/tournaments`, { token });
}

const eurOf = async (base, token) => {
  const accounts = await call('wallet', `${base}/api/wallet/accounts`, { token });
  const eur = accounts.json?.data?.find((a) => a.currency === 'EUR');
  return eur ? Math.round(eur.realBalance * 100) : null;
};

/** A card deposit as a player makes it: the invoice, the provider's checkout page, the credit seen. */
async function deposit(base, token, before) {
  const amount = 50;
  const invoice = await call('deposit', `${base}/api/payment/invoices/deposit`, {
    method: 'POST',
    token,
    body: { method: 'card', currency: 'EUR', amount, isBonusDecline: true },
  });
  if (!invoice.ok) return;
  const paid = await call('deposit', `${base}${invoice.json.data.action}`, {
    method: 'POST',
    form: 'number=4242424242424242&expiry=12%2F39&cvc=123',
  });
  if (!paid.ok) return;
  // The credit comes with the provider's webhook: the player sees it within seconds, or it is an error.
  const began = now();
  for (;;) {
    const balance = await eurOf(base, token);
    if (balance !== null && balance >= before + amount * 100) break;
    if (now() - began > 20_000) {
      record('deposit', began, 'error', { status: 'not credited in 20 s', url: invoice.json.data.invoiceId });
      return;
    }
    await sleep(500);
  }
  run.deposits++;
}

async function playSlots(base, token) {
  const game = pick(slots);
  const launched = await call('play', `${base}/api/game/games/${encodeURIComponent(game)}/play`, {
    method: 'POST',
    token,
    body: { demoMode: false, platform: 2 },
  });
  if (!launched.ok) return;
  const session = launched.json.data.token;
  for (let i = 0; i < 8 && run.going; i++) {
    const roundId = `soak-r-${randomUUID()}`;
    const common = { token: session, roundId, gameIdentity: game, currency: 'EUR' };
    const bet = await walletCall(base, 'bet', { ...common, transactionId: `soak-b-${randomUUID()}`, amount: 100 });
    if (!bet) return;
    const amount = Math.random() < 0.3 ? Math.floor(Math.random() * 400) : 0;
    await walletCall(base, 'win', { ...common, transactionId: `soak-w-${randomUUID()}`, amount, closeRound: true });
    run.rounds++;
    await sleep(100 + Math.random() * 200);
  }
}

/** A single on a main market through the sportsbook's own client API, as its framed page places it. */
async function betOnSports(base, token) {
  const launched = await call('sportsbook', `${base}/api/game/games/sportsbook/play`, {
    method: 'POST',
    token,
    body: { demoMode: false, platform: 2 },
  });
  if (!launched.ok) return;
  const client = new URL(launched.json.data.gameUrl);
  const session = client.searchParams.get('session');
  const api = `${client.origin}/sandbox/sportsbook/api`;
  const events = await call('sportsbook', `${api}/events`, { token: session });
  const open = (events.json ?? []).filter(
    (e) => e.status === 'scheduled' && e.main?.outcomes.some((o) => !o.suspended && o.odds >= 1_250 && o.odds <= 5_000),
  );
  if (open.length === 0) return;
  const event = pick(open);
  const outcome = pick(event.main.outcomes.filter((o) => !o.suspended && o.odds >= 1_250 && o.odds <= 5_000));
  const placed = await call('sportsbook', `${api}/tickets`, {
    method: 'POST',
    token: session,
    body: {
      type: 'single',
      stake: 100,
      selections: [{ eventId: event.id, marketId: event.main.id, outcomeId: outcome.id, odds: outcome.odds }],
      acceptOddsChanges: true,
    },
    // The market closed or moved between the list and the slip: the client shows it; nothing is staked.
    expect: { 201: 'ok', 409: 'refused' },
  });
  if (placed.ok) run.tickets++;
}

async function redeem(base, token, player) {
  const answer = await call('bonus code', `${base}/api/game/bonuses/bonuscodes`, {
    method: 'POST',
    token,
    body: { bonusCode: 'WELCOME10', trigger: 1 },
  });
  if (!answer.ok) return;
  player.redeemed = true;
  const status = answer.json.data?.status ?? '?';
  run.codes[status] = (run.codes[status] ?? 0) + 1;
}

async function withdraw(base, token) {
  const answer = await call('withdraw', `${base}/api/payment/invoices/withdrawal`, {
    method: 'POST',
    token,
    body: { method: 'bank_transfer', currency: 'EUR', amount: 20, fields: { iban: 'DE89370400440532013000' } },
  });
  if (answer.ok) run.withdrawals++;
}

async function visit(player) {
  // A load balancer's choice: each visit lands on one process.
  const base = bases[(player.index + player.visits++) % bases.length];
  const token = await signIn(player, base);
  if (!token) return sleep(1000);
  await browse(base, token);
  if (!player.redeemed) await redeem(base, token, player);
  await think();
  let balance = await eurOf(base, token);
  if (balance !== null && balance < 2_000) {
    await deposit(base, token, balance);
    balance = await eurOf(base, token);
  }
  await think();
  await playSlots(base, token);
  await think();
  await betOnSports(base, token);
  if (player.visits % 3 === 0 && balance !== null && balance >= 5_000) await withdraw(base, token);
  await call('sign-out', `${base}/api/player/sessions/logout`, {
    method: 'POST',
    token,
    expect: { 200: 'ok', 204: 'ok' },
  });
  run.visits++;
  await sleep(500 + Math.random() * 1_000);
}

async function playerLoop(index) {
  await sleep(index * 250); // players arrive over the first seconds, not all at once
  const player = { index, email: null, redeemed: false, visits: 0 };
  while (run.going) await visit(player);
}

// --- what the operator watches -----------------------------------------------------------------------

/**
 * A process's memory as a leak shows: its heap just after a full collection (asked through its inspector,
 * so the figure does not depend on when V8 last collected), and its resident set then (from /proc).
 */
async function memoryAfterCollection(server) {
  const [target] = await (await fetch(`http://127.0.0.1:${server.inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const pending = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    pending.get(message.id)?.(message.result);
  });
  let id = 0;
  const ask = (method) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await ask('HeapProfiler.collectGarbage');
    const { usedSize } = await ask('Runtime.getHeapUsage');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))[1]);
    return { heap: usedSize, rss: rssKb * 1024 };
  } finally {
    socket.close();
  }
}

async function sample(db, dbName) {
  const at = now();
  const [{ connections }] = (
    await db.query(`select count(*)::int - 1 as connections from pg_stat_activity where datname = $1`, [dbName])
  ).rows;
  // Per lane: the age of the oldest event it has not handled yet (0: none waiting).
  const lanes = (
    await db.query(`select c.consumer,
                           coalesce(extract(epoch from clock_timestamp() - o.created_at) * 1000, 0)::int as lag_ms
                      from outbox_cursors c
                      left join lateral (select o.created_at from outbox o
                                          where (o.tx, o.id) > (c.tx, c.position)
                                          order by o.tx, o.id limit 1) o on true
                     where c.seen_at > now() - interval '5 minutes'`)
  ).rows;
  minuteOf(at).samples.push({ connections, lanes: Object.fromEntries(lanes.map((l) => [l.consumer, l.lag_ms])) });
}

const quantile = (values, q) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const mb = (bytes) => Math.round((bytes / 1_048_576) * 10) / 10;

/** One minute as the report prints it; memory is read at its end. */
function summarise(index) {
  const bucket = minutes[index] ?? { latencies: {}, errors: 0, refusals: 0, requests: 0, samples: [] };
  const all = Object.values(bucket.latencies).flat();
  const groups = Object.fromEntries(
    Object.entries(bucket.latencies).map(([group, ms]) => [
      group,
      { n: ms.length, p50: Math.round(quantile(ms, 0.5)), p99: Math.round(quantile(ms, 0.99)) },
    ]),
  );
  const processes = (bucket.memory ?? []).map((m) => ({ rssMb: mb(m.rss), heapMb: mb(m.heap) }));
  const lanes = {};
  for (const s of bucket.samples)
    for (const [lane, ms] of Object.entries(s.lanes)) lanes[lane] = Math.max(lanes[lane] ?? 0, ms);
  return {
    minute: index + 1,
    requests: bucket.requests,
    perSecond: Math.round((bucket.requests / 60) * 10) / 10,
    errors: bucket.errors,
    refusals: bucket.refusals,
    p50: Math.round(quantile(all, 0.5) ?? 0),
    p99: Math.round(quantile(all, 0.99) ?? 0),
    groups,
    processes,
    pgConnections: Math.max(0, ...bucket.samples.map((s) => s.connections)),
    outboxLagMaxMs: lanes,
  };
}

function printMinute(m) {
  const groups = Object.entries(m.groups)
    .map(([g, v]) => `${g} ${v.p50}/${v.p99}`)
    .join(', ');
  const procs = m.processes.map((p, i) => `${'AB'[i]} ${p.rssMb}/${p.heapMb}`).join(', ');
  const [slowest, lag] = Object.entries(m.outboxLagMaxMs).sort((a, b) => b[1] - a[1])[0] ?? ['-', 0];
  log(
    `  min ${String(m.minute).padStart(2)}: ${m.requests} req (${m.perSecond}/s), errors ${m.errors}, refusals ${m.refusals}, p50/p99 ${m.p50}/${m.p99} ms; RSS/heap MB ${procs}; PG conns ${m.pgConnections}; outbox lag max ${lag} ms (${slowest})`,
  );
  log(`          ${groups}`);
}

// --- the run ----------------------------------------------------------------------------------------

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `soak_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-soak-'));
const redisPort = await freePort();
const redis = startRedis(redisPort);
const ports = [await freePort(), await freePort()];
bases = ports.map((port) => `http://127.0.0.1:${port}`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();

const env = {
  HOST: '127.0.0.1',
  PUBLIC_URL: bases[0],
  DATA_DIR: path.join(work, 'data'),
  LOG_LEVEL: 'warn',
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  GAME_WALLET_SECRET: SECRET,
  GAME_SESSION_TTL: '86400',
  // Demo data: the WELCOME10 code and the sportsbook's stake rule.
  SEED_DEMO: '1',
  // Every player signs up and signs in from 127.0.0.1.
  SIGN_UP_PER_ADDRESS: '0',
  LOGIN_RATE_LIMIT: '1000000',
  // Withdrawals go to the provider without an operator, need no turnover first, and no identity
  // documents until a player has taken out €2,000 (an operator's rule; the soak's take out far less).
  WITHDRAWAL_AUTO_APPROVE_BELOW: '100',
  TURNOVER_MULTIPLIER: '0',
  WITHDRAWAL_VERIFICATION: 'lifetime:2000',
};
const servers = [];
const report = { minutes: MINUTES, players: PLAYERS, perMinute: [], totals: {}, audit: {}, goals: {} };
let failed = null;
let db = null;
try {
  // The first process migrates and seeds; the second starts on the prepared database.
  for (const port of ports) {
    const inspectPort = await freePort();
    const server = startServer({ ...env, PORT: String(port), NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` });
    server.inspectPort = inspectPort;
    servers.push(server);
    await server.ready;
  }
  if (!(await redisAnswers(redisPort))) throw new Error('the soak Redis does not answer');
  db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  // The catalogue's slots the sandbox aggregator serves (the bench is that aggregator; Lantern's have their own wallet).
  const catalogue = await call('browse', `${bases[0]}/api/game/games?perPage=100`);
  slots = (catalogue.json?.data ?? [])
    .filter((g) => g.type === 'slots' && !g.identity.startsWith('lantern-'))
    .map((g) => g.identity);
  if (slots.length === 0) throw new Error(`no slot in the catalogue: ${JSON.stringify(catalogue.json)?.slice(0, 300)}`);
  minutes.length = 0;
  log(
    `  soak: ${PLAYERS} players on two processes (${bases.join(', ')}; inspectors on ${servers.map((x) => x.inspectPort).join(', ')}) for ${MINUTES} min; database ${dbName}`,
  );
  startedAt = now();
  const loops = Array.from({ length: PLAYERS }, (_, i) => playerLoop(i));
  // Every 5 s the database's side; at each minute's end each process's memory, and the minute's line.
  for (let printed = 0; printed < MINUTES;) {
    await sleep(SAMPLE_MS);
    await sample(db, dbName);
    if (now() - startedAt < (printed + 1) * 60_000) continue;
    minuteOf(startedAt + printed * 60_000).memory = await Promise.all(servers.map(memoryAfterCollection));
    printMinute(summarise(printed++));
  }
  run.going = false;
  await Promise.all(loops);
  report.perMinute = Array.from({ length: MINUTES }, (_, i) => summarise(i));

  // The books after the load: the ledger audit and the day's trial balance from the operator's CLI.
  report.audit = await auditLedger(db);
  report.trialBalance = await ops(['reports', 'trial-balance', '--from', new Date().toISOString().slice(0, 10)]);
} catch (error) {
  failed = error;
} finally {
  run.going = false;
  await db?.end().catch(() => {});
  for (const server of servers) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  }
  redis.kill('SIGKILL');
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
  fs.rmSync(work, { recursive: true, force: true });
  agent.destroy();
}

/** The operator's CLI against the soak's database (its text answer). */
function ops(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', ...argv], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, ...env, PORT: String(ports[0]), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`ops ${argv.join(' ')}: ${out}`)),
    );
  });
}

// --- the goals ---------------------------------------------------------------------------------------

const errors = report.perMinute.reduce((n, m) => n + m.errors, 0);
report.totals = {
  ...run,
  requests: report.perMinute.reduce((n, m) => n + m.requests, 0),
  errors,
  errorKinds,
  refusalKinds,
};
// The goals compare minute 2 (after the warm-up) with the last: a run of 3 minutes at least.
if (!failed && report.perMinute.length >= 3) {
  const second = report.perMinute[1];
  const last = report.perMinute.at(-1);
  const growth = (key) =>
    Math.max(...second.processes.map((p, i) => last.processes[i][key] / p[key] - 1)).toFixed(3) * 1;
  const lagMax = Math.max(0, ...report.perMinute.slice(1).flatMap((m) => Object.values(m.outboxLagMaxMs)));
  report.goals = {
    errors: { value: errors, goal: 0, met: errors === 0 },
    rssGrowth: { value: growth('rssMb'), goal: '< 0.10', met: growth('rssMb') < 0.1 },
    heapGrowth: { value: growth('heapMb'), goal: '< 0.10', met: growth('heapMb') < 0.1 },
    p99LastVsSecond: {
      value: Math.round((last.p99 / second.p99) * 100) / 100,
      goal: '≤ 1.5',
      met: last.p99 <= 1.5 * second.p99,
    },
    outboxLagMaxMs: { value: lagMax, goal: '< 1000', met: lagMax < 1000 },
  };
}

if (args.json) console.log(JSON.stringify({ ...report, errorSamples, failed: failed ? String(failed.message) : null }));
else if (!failed) {
  const t = report.totals;
  log(
    `\n  ${t.requests} requests, ${t.visits} visits, ${t.signUps} sign-ups, ${t.deposits} deposits, ${t.rounds} rounds, ${t.tickets} tickets, ${t.withdrawals} withdrawals; codes by status ${JSON.stringify(t.codes)}`,
  );
  log(`  refusals: ${JSON.stringify(refusalKinds)}`);
  if (errorSamples.length)
    log(`  errors: ${JSON.stringify(errorKinds)}\n  first errors: ${JSON.stringify(errorSamples, null, 1)}`);
  log(`  audit: ${JSON.stringify(report.audit)}`);
  // The trial balance's accounts, and its last line: the total, zero when the books balance.
  const lines = report.trialBalance.split('\n');
  log(`  trial balance: ${lines.length - 4} accounts; ${lines.at(-1).replace(/\s+/g, ' ')}`);
  for (const [goal, g] of Object.entries(report.goals))
    log(`  ${g.met ? 'met    ' : 'NOT MET'} ${goal}: ${g.value} (goal ${g.goal})`);
}
const problems = Object.entries(report.audit).filter(([, n]) => n !== 0);
const missed = Object.entries(report.goals).filter(([, g]) => !g.met);
if (failed || problems.length > 0 || missed.length > 0 || errors > 0) {
  console.error(
    failed
      ? `soak failed: ${failed.stack ?? failed}`
      : `soak: ${[...problems.map(([k, n]) => `${k}=${n}`), ...missed.map(([k]) => `${k} not met`), `${errors} errors`].join(', ')}`,
  );
  process.exit(1);
}
