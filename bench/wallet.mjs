// `npm run bench:wallet`: seamless-wallet throughput. Each worker repeats a signed bet and then a signed
// win that closes the round, on a new round each time, as a game provider would. It counts bet+win pairs
// per second over 10 s, on the embedded database and, when DATABASE_URL names a PostgreSQL server, on a
// fresh database created there (and dropped afterwards).
//
// Two shapes: 20 players with one worker each (the usual load: many players, one game each), and 20
// workers on a single account (every call waits for that account's row lock: the worst case). Then a
// ceiling: the same logical transaction (lock and update the account, append the ledger entry, write the
// round, the game transaction and the balance event) as one raw SQL statement per call, without HTTP,
// signatures, checks or answers, run by 20 workers on the same database. The machine is shared, so the
// figures to compare are CPU per pair and our throughput as a fraction of that ceiling, both measured in
// the same run.
//
// Two more rows bound the gap between the two: the same bet+win pairs as two calls of the wallet's
// database functions, without HTTP (what the database alone costs), and two requests of the empty
// route /api/health from the same workers (what HTTP alone costs on these cores, with no wallet at
// all). Where the HTTP row is itself below half the ceiling, no wallet behind HTTP can reach it here.
//
// Issue 40's peer: a correct minimal wallet (minimalCall below), one statement per call doing what any
// seamless wallet must (session by token, replay answered, balance check, ledger entry, event); each
// row's `ofMinimal` and `pgCpuVsMinimal` compare against it. The raw ceiling stays for reference.
//
// `npm run bench:wallet -- --base <commit>` also runs that commit's server (checked out in .bench-base/)
// in the same run, so a change is judged before and after on one machine state: in the order base,
// this, this, base (a drift of the machine during the run weighs on both alike), each figure the mean
// of its version's two runs.
//
// `npm run bench:wallet -- --only postgres --functions` adds, on PostgreSQL, the time of each SQL function
// per pair (track_functions) around the 20-player row: which of the wallet's checks cost.
//
// `npm run bench:wallet -- --retention` measures this checkout twice in the same run (off, on, on, off):
// without quests, loyalty and tournaments (flags off, no tournament), and with them all working on every
// bet — each player holding a quest whose task counts the bench game's stakes, a tournament scoring it,
// and loyalty points for its game type — so the outbox consumers' cost on the money path is measured.
import { execFile, execFileSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { root, runServer } from '../scripts/run-server.mjs';
import { cpuMeter } from './cpu.mjs';

const WORKERS = 20;
const WARMUP_MS = 2_000;
const DURATION_MS = 10_000;
const BET = 100; // minor units: 1.00 EUR
const WIN = 50;
const SECRET = `bench-${randomBytes(24).toString('hex')}`;
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

/** The provider's signature: HMAC over version, timestamp, request id, method, path and body (docs/provider-wallet-api.md). */
function signedHeaders(pathname, raw) {
  const requestId = randomUUID();
  const timestamp = Date.now();
  const mac = createHmac('sha256', SECRET)
    .update(`v1\n${timestamp}\n${requestId}\nPOST\n${pathname}\n`)
    .update(raw)
    .digest('hex');
  return { 'x-request-id': requestId, 'x-signature': `t=${timestamp},v1=${mac}` };
}

// Plain keep-alive HTTP: the load generator runs on the same cores as the server, so it should cost little.
const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS * 2 });

function post(url, pathname, raw, headers) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: target.hostname, port: target.port, path: pathname, method: 'POST', headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(raw);
  });
}

async function wallet(url, call, body, latencies) {
  const pathname = `/api/provider-wallet/${call}`;
  const raw = JSON.stringify(body);
  const started = performance.now();
  const { status, text } = await post(url, pathname, raw, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(raw),
    ...signedHeaders(pathname, raw),
  });
  latencies?.push(performance.now() - started);
  if (status !== 200) throw new Error(`${call} ${status} ${text}`);
  return JSON.parse(text);
}

async function api(url, pathname, { method = 'GET', body, token } = {}) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${pathname} ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** `npm run ops -- …` as an operator runs it (through the running server, or straight to PostgreSQL). */
function ops(env, args, serverRoot = root) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/ops/cli.ts', ...args],
      {
        cwd: path.join(serverRoot, 'apps/server'),
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`ops ${args[0]} failed: ${stderr || error.message}`)) : resolve(stdout.trim()),
    );
  });
}

async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

async function register(url, count) {
  const emails = Array.from({ length: count }, (_, i) => `bench-${i}-${randomBytes(4).toString('hex')}@example.com`);
  const players = [];
  for (const email of emails) {
    const auth = await api(url, '/api/player/register', {
      method: 'POST',
      body: {
        email,
        password: 'bench-pass-1234',
        password_confirmation: 'bench-pass-1234',
        currency: 'EUR',
        agreements: true,
      },
    });
    players.push({ email, accessToken: auth.accessToken });
  }
  return players;
}

/** A real-money game session for each player, opened through the play route. */
async function openSessions(url, game, players) {
  for (const player of players) {
    const play = await api(url, `/api/game/games/${encodeURIComponent(game.identity)}/play`, {
      method: 'POST',
      token: player.accessToken,
      body: { demoMode: false, platform: 2 },
    });
    player.token = play.token;
  }
}

/** Registered, credited players, each with a real-money game session. */
async function preparePlayers(url, opsEnv, count, serverRoot) {
  const [game] = await api(url, '/api/game/games?perPage=1');
  if (!game) throw new Error('the catalogue is empty');
  const players = await register(url, count);
  await inBatches(players, 4, (p) => ops(opsEnv, ['credit', p.email, '100000', 'EUR'], serverRoot));
  await openSessions(url, game, players);
  return { game, players };
}

/**
 * Players with no real money and an active bonus large enough that wagering never completes during the
 * run: every stake is bonus money, every win is split back to it, every closed round counts toward
 * wagering. Only for a server that has bonuses (`ops bonus`).
 */
async function prepareBonusPlayers(url, opsEnv, count, serverRoot, game) {
  const name = `Bench bonus ${randomBytes(3).toString('hex')}`;
  const file = path.join(os.tmpdir(), `${name.replaceAll(' ', '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ name, amounts: { EUR: 100_000_000 }, wagerMultiplier: 10, maxBet: { EUR: 10_000 } }),
  );
  await ops(opsEnv, ['bonus', 'create', file], serverRoot);
  fs.rmSync(file);
  const players = await register(url, count);
  await inBatches(players, 4, (p) => ops(opsEnv, ['bonus', 'issue', p.email, name, 'EUR'], serverRoot));
  for (const player of players) {
    const [bonus] = await api(url, '/api/game/player-bonuses?status[]=1', { token: player.accessToken });
    await api(url, `/api/game/player-bonuses/${bonus.id}/activate`, { method: 'PUT', token: player.accessToken });
  }
  await openSessions(url, game, players);
  return players;
}

/**
 * Retention working on every bet of the run: a tournament scoring the bench game, a quest whose task
 * counts its stakes (never completed in the run) started by every player, loyalty points for its type.
 */
async function prepareRetention(url, opsEnv, serverRoot, game, players) {
  const tag = randomBytes(3).toString('hex');
  const write = (name, value) => {
    const file = path.join(os.tmpdir(), `bench-${name}-${tag}.json`);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  };
  const now = Date.now();
  const tournament = write('tournament', {
    identity: `bench-${tag}`,
    title: `Bench ${tag}`,
    scoring: 'win',
    games: [game.id],
    prizes: [{ place: 1, type: 3, title: '100 points', points: 100 }],
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + 3_600_000).toISOString(),
  });
  await ops(opsEnv, ['tournament', 'create', tournament], serverRoot);
  await ops(opsEnv, ['tournament', 'start', `bench-${tag}`], serverRoot).catch(() => {});
  const quest = write('quest', {
    identity: `bench-${tag}`,
    name: `Bench ${tag}`,
    concurrent: true,
    tasks: [{ type: 4, name: 'Stake', unit: 'amount', quantity: 1_000_000_000_000, games: [game.id] }],
    rewards: [{ type: 3, points: 1 }],
  });
  await ops(opsEnv, ['quest', 'create', quest], serverRoot);
  const levels = write('levels', [
    { name: 'Bronze', points: 0 },
    { name: 'Silver', points: 100 },
    { name: 'Gold', points: 1_000 },
  ]);
  await ops(opsEnv, ['loyalty', 'levels', 'set', levels], serverRoot);
  for (const file of [tournament, quest, levels]) fs.rmSync(file);
  await ops(opsEnv, ['loyalty', 'rates', 'set', game.type ?? 'slots', '1', '100'], serverRoot);
  for (const player of players) {
    const offered = await api(url, '/api/retention/quests?perPage=50', { token: player.accessToken });
    const found = offered.find((q) => q.identity === `bench-${tag}`);
    if (!found) throw new Error('the bench quest is not offered');
    await api(url, `/api/retention/quests/${found.id}/activate`, { method: 'PUT', token: player.accessToken });
  }
}

const percentile = (sorted, q) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

/** Workers loop `pair(worker)` until the deadline; counts pairs and per-call latencies. */
async function loop(workers, durationMs, pair) {
  const deadline = Date.now() + durationMs;
  const latencies = [];
  let pairs = 0;
  let errors = 0;
  const began = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      while (Date.now() < deadline) {
        try {
          await pair(worker, latencies);
          pairs++;
        } catch (error) {
          errors++;
          if (errors <= 3) console.error(error.message);
        }
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    pairs,
    pairsPerSec: Math.round(pairs / seconds),
    p50CallMs: percentile(latencies, 0.5),
    p99CallMs: percentile(latencies, 0.99),
    errors,
  };
}

const betAndWin = (url, gameIdentity) => async (token, latencies) => {
  const roundId = randomUUID();
  const common = { token, roundId, gameIdentity, currency: 'EUR' };
  await wallet(url, 'bet', { ...common, transactionId: randomUUID(), amount: BET }, latencies);
  await wallet(url, 'win', { ...common, transactionId: randomUUID(), amount: WIN, closeRound: true }, latencies);
};

/** Two requests of the empty route per pair: the HTTP round trips a bet and a win make, with no wallet behind them. */
const httpOnly = (url) => async (_token, latencies) => {
  const target = new URL('/api/health', url);
  for (let call = 0; call < 2; call++) {
    const started = performance.now();
    const { status } = await new Promise((resolve, reject) => {
      http
        .get({ agent, host: target.hostname, port: target.port, path: target.pathname }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode }));
        })
        .on('error', reject);
    });
    latencies.push(performance.now() - started);
    if (status !== 200) throw new Error(`health ${status}`);
  }
};

async function measure(meters, ...args) {
  for (const meter of meters) await meter?.start();
  const client = process.cpuUsage();
  const result = await loop(...args);
  const clientUsed = process.cpuUsage(client);
  const perPair = async (meter) => (meter && result.pairs ? +((await meter.usedMs()) / result.pairs).toFixed(2) : null);
  return {
    ...result,
    serverCpuMsPerPair: await perPair(meters[0]),
    postgresCpuMsPerPair: await perPair(meters[1]),
    // The load generator shares the machine: what it spends is not available to the server.
    benchClientCpuMsPerPair: result.pairs
      ? +((clientUsed.user + clientUsed.system) / 1000 / result.pairs).toFixed(2)
      : null,
  };
}

/**
 * The ceiling's statements: one call of the same logical transaction as a single statement (the
 * account row locked by its update; ledger entry, round, game transaction and balance event written).
 */
const CEILING = {
  bet: `with a as (update wallet_accounts set real_balance = real_balance - $2, updated_at = now() where id = $1 returning *),
    l as (insert into ledger_entries (account_id, idempotency_key, request_hash, kind, real_delta, bonus_delta, locked_delta, real_after, bonus_after, locked_after, counterparty)
          select id, $3, 'ceiling', 'bet', -$2, 0, 0, real_balance, bonus_balance, locked_balance, 'casino:native/ceiling' from a returning id),
    r as (insert into game_rounds (session_id, player_id, account_id, game_id, provider_id, provider_round_id, currency, bet_minor, platform, country)
          select $5, a.player_id, a.id, $6, $7, $4, a.currency, $2, 2, 'DE' from a returning id),
    t as (insert into game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor, request_hash, ledger_entry_id, response, status)
          select $3, 'bet', r.id, $5, a.player_id, a.currency, $2, 'ceiling', l.id, '{}', 'applied' from a, r, l returning id)
    insert into outbox (event, payload)
    select 'wallet.balance.changed', jsonb_build_object('playerId', a.player_id, 'real', a.real_balance::text) from a, t`,
  win: `with a as (update wallet_accounts set real_balance = real_balance + $2, updated_at = now() where id = $1 returning *),
    l as (insert into ledger_entries (account_id, idempotency_key, request_hash, kind, real_delta, bonus_delta, locked_delta, real_after, bonus_after, locked_after, counterparty)
          select id, $3, 'ceiling', 'win', $2, 0, 0, real_balance, bonus_balance, locked_balance, 'casino:native/ceiling' from a returning id),
    r as (update game_rounds set win_minor = win_minor + $2, closed = true, status = 2, closed_at = now() where provider_id = $6 and provider_round_id = $4 returning id),
    t as (insert into game_transactions (provider_tx_id, kind, round_id, session_id, player_id, currency, amount_minor, request_hash, ledger_entry_id, response, status)
          select $3, 'win', r.id, $5, a.player_id, a.currency, $2, 'ceiling', l.id, '{}', 'applied' from a, r, l returning id)
    insert into outbox (event, payload)
    select 'wallet.balance.changed', jsonb_build_object('playerId', a.player_id, 'real', a.real_balance::text) from a, t`,
};

/**
 * A correct minimal wallet (issue 40): what any seamless wallet must do per call and nothing more, in one
 * statement — find the open game session by its token, answer a replayed transaction id with its first
 * result, debit (never below zero) or credit, and write the ledger entry and the balance event. No
 * rounds, bonuses, limits, HTTP or signatures: the fair peer of the wallet's own work.
 */
const minimalCall = (sign, check) => `with s as (
      select account_id, player_id from game_sessions where token = $1 and closed_at is null and expires_at > now()),
    prior as (select real_after from ledger_entries where idempotency_key = $2),
    a as (update wallet_accounts w set real_balance = w.real_balance ${sign} $3, updated_at = now() from s
          where w.id = s.account_id ${check} and not exists (select 1 from prior) returning w.*),
    l as (insert into ledger_entries (account_id, idempotency_key, request_hash, kind, real_delta, bonus_delta, locked_delta, real_after, bonus_after, locked_after, counterparty)
          select id, $2, 'minimal', '${sign === '-' ? 'bet' : 'win'}', ${sign}$3, 0, 0, real_balance, bonus_balance, locked_balance, 'casino:native/minimal' from a returning real_after),
    o as (insert into outbox (event, payload)
          select 'wallet.balance.changed', jsonb_build_object('playerId', a.player_id, 'real', a.real_balance::text) from a, l)
  select (select count(*) from s)::int as sessions, coalesce((select real_after from prior), (select real_after from l))::text as balance`;
const MINIMAL = { bet: minimalCall('-', 'and w.real_balance >= $3'), win: minimalCall('+', '') };

async function minimalWallet(query, tokens, meters) {
  const call = async (name, text, token, amount, latencies) => {
    const started = performance.now();
    const [answer] = await query(name, text, [token, randomUUID(), amount]);
    latencies.push(performance.now() - started);
    if (!answer?.sessions || answer.balance === null)
      throw new Error(`minimal wallet refused: ${JSON.stringify(answer)}`);
  };
  const pair = async (token, latencies) => {
    await call('minimal_bet', MINIMAL.bet, token, BET, latencies);
    await call('minimal_win', MINIMAL.win, token, WIN, latencies);
  };
  await loop(tokens, WARMUP_MS, pair);
  return measure(meters, tokens, DURATION_MS, pair);
}

/** The game sessions of the bench players: account, session, game and provider ids for the ceiling. */
const SESSIONS_SQL = `select s.id as session, s.account_id as account, g.id as game, g.provider_id as provider
  from game_sessions s join games g on g.id = s.game_id where s.closed_at is null and s.expires_at > now()`;

/**
 * The wallet's own database functions, called as the server calls them (one statement each, the same
 * arguments) but without HTTP, signatures or answers: what the database alone costs per pair. Null
 * for a version without them.
 */
async function functionsOnly(query, tokens, gameIdentity, meters) {
  const [known] = await query('bench_has_functions', `select to_regproc('game_wallet_settle') is not null as ok`, []);
  if (!known?.ok) return null;
  const hash = () => randomBytes(32).toString('hex');
  const pair = async (token, latencies) => {
    const roundId = randomUUID();
    let started = performance.now();
    const [bet] = await query(
      'functions_bet',
      `select answer from game_wallet_bet_ticket($1, $2, $3, $4, $5, 'EUR', false, null, $6, '{}', now())`,
      [token, randomUUID(), roundId, gameIdentity, BET, hash()],
    );
    latencies.push(performance.now() - started);
    started = performance.now();
    const [win] = await query(
      'functions_win',
      `select answer from game_wallet_settle($1, $2, $3, $4, $5, 'EUR', true, null, false, $6, 100, now())`,
      [token, randomUUID(), roundId, gameIdentity, WIN, hash()],
    );
    latencies.push(performance.now() - started);
    for (const { answer } of [bet, win]) if (answer?.code) throw new Error(`refused: ${JSON.stringify(answer)}`);
  };
  await loop(tokens, WARMUP_MS, pair);
  return measure(meters, tokens, DURATION_MS, pair);
}

async function ceiling(query, sessions, meters) {
  // A base version from before double entry has no counterparty column: its ceiling writes none.
  const [books] = await query(
    'bench_has_counterparty',
    `select count(*)::int as n from information_schema.columns where table_name = 'ledger_entries' and column_name = 'counterparty'`,
    [],
  );
  const statement = (text) =>
    books.n ? text : text.replace(', counterparty)', ')').replace(", 'casino:native/ceiling' from a", ' from a');
  const [bet, win] = [statement(CEILING.bet), statement(CEILING.win)];
  const pair = async (s, latencies) => {
    const roundId = randomUUID();
    let started = performance.now();
    await query(`ceiling_bet_${books.n}`, bet, [s.account, BET, randomUUID(), roundId, s.session, s.game, s.provider]);
    latencies.push(performance.now() - started);
    started = performance.now();
    await query(`ceiling_win_${books.n}`, win, [s.account, WIN, randomUUID(), roundId, s.session, s.provider]);
    latencies.push(performance.now() - started);
  };
  // Warm the plans, then measure as the server was measured.
  await loop(sessions, WARMUP_MS, pair);
  return measure(meters, sessions, DURATION_MS, pair);
}

/**
 * Direct access to the bench database, for the PostgreSQL CPU meter and the ceiling. PostgreSQL: a
 * pool of its own, and the CPU of every backend serving that database. The embedded database: only the
 * server may open it while it runs, so the ceiling opens its data dir afterwards, in this process.
 */
function postgresDirect(url) {
  const pg = serverRequire('pg');
  const pool = new pg.Pool({ connectionString: url, max: WORKERS });
  pool.on('error', () => {}); // the database is dropped at the end, idle connections with it
  const name = new URL(url).pathname.slice(1);
  const backends = async () =>
    (await pool.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid);
  return {
    postgresCpu: cpuMeter(backends),
    open: async () => async (statement, text, values) => (await pool.query({ name: statement, text, values })).rows,
    close: () => pool.end(),
  };
}

function pgliteDirect(dataDir) {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  let client;
  return {
    postgresCpu: null,
    open: async () => {
      client = new PGlite(path.join(dataDir, 'pglite'));
      await client.waitReady;
      return async (_statement, text, values) => (await client.query(text, values)).rows;
    },
    close: async () => client?.close(),
  };
}

async function benchmark(database, serverEnv, opsEnvOf, version = { label: 'this', serverRoot: root }) {
  const server = await runServer(
    { GAME_WALLET_SECRET: SECRET, ...serverEnv, ...version.env },
    { serverRoot: version.serverRoot },
  );
  const direct = database === 'postgres' ? postgresDirect(serverEnv.DATABASE_URL) : pgliteDirect(server.dataDir);
  try {
    const { game, players } = await preparePlayers(server.url, opsEnvOf(server), WORKERS, version.serverRoot);
    if (version.retention) await prepareRetention(server.url, opsEnvOf(server), version.serverRoot, game, players);
    const tokens = players.map((p) => p.token);
    const meters = [cpuMeter(async () => [server.pid]), direct.postgresCpu];
    const pair = betAndWin(server.url, game.identity);
    await loop(tokens, WARMUP_MS, pair);
    const before = profiling ? await functionTimes(serverEnv.DATABASE_URL) : null;
    const spread = await measure(meters, tokens, DURATION_MS, pair);
    if (before)
      profiles.push(functionProfile(before, await functionTimes(serverEnv.DATABASE_URL), spread.pairs, version.label));
    const single = await measure(meters, Array(WORKERS).fill(tokens[0]), DURATION_MS, pair);
    // The bonus command: ops/bonus.ts in older trees, the bonus module's commands.ts since.
    const hasBonuses =
      !retentionRun &&
      ['apps/server/src/ops/bonus.ts', 'apps/server/src/modules/bonus/commands.ts'].some((file) =>
        fs.existsSync(path.join(version.serverRoot, file)),
      );
    const withBonus = hasBonuses
      ? await measure(
          meters,
          (await prepareBonusPlayers(server.url, opsEnvOf(server), WORKERS, version.serverRoot, game)).map(
            (p) => p.token,
          ),
          DURATION_MS,
          pair,
        )
      : null;
    const httpAlone = await measure(meters, tokens, DURATION_MS, httpOnly(server.url));
    await server.stop({ keepData: true });
    // The ceiling's client is this process: its CPU stands where the server's did.
    const query = await direct.open();
    const sessions = (await query('bench_sessions', SESSIONS_SQL, [])).slice(0, WORKERS);
    const directMeters = [cpuMeter(async () => [process.pid]), direct.postgresCpu];
    const functions = await functionsOnly(query, tokens, game.identity, directMeters);
    const raw = await ceiling(query, sessions, directMeters);
    const minimal = await minimalWallet(query, tokens, directMeters);
    const fraction = (r) => +(r.pairsPerSec / raw.pairsPerSec).toFixed(2);
    // Against the correct minimal wallet: throughput, and PostgreSQL CPU per pair (issue 40's two ratios).
    const ofMinimal = (r) => ({
      ofMinimal: +(r.pairsPerSec / minimal.pairsPerSec).toFixed(2),
      pgCpuVsMinimal:
        r.postgresCpuMsPerPair && minimal.postgresCpuMsPerPair
          ? +(r.postgresCpuMsPerPair / minimal.postgresCpuMsPerPair).toFixed(2)
          : null,
    });
    const v = version.label;
    return [
      {
        database,
        version: v,
        scenario: `${WORKERS} players, one worker each`,
        ...spread,
        ofCeiling: fraction(spread),
        ...ofMinimal(spread),
      },
      {
        database,
        version: v,
        scenario: `${WORKERS} workers on one account`,
        ...single,
        ofCeiling: fraction(single),
        ...ofMinimal(single),
      },
      ...(withBonus
        ? [
            {
              database,
              version: v,
              scenario: `${WORKERS} players, each staking an active bonus`,
              ...withBonus,
              ofCeiling: fraction(withBonus),
              ...ofMinimal(withBonus),
            },
          ]
        : []),
      ...(functions
        ? [
            {
              database,
              version: v,
              scenario: "the wallet's database functions alone (no HTTP)",
              ...functions,
              ofCeiling: fraction(functions),
            },
          ]
        : []),
      {
        database,
        version: v,
        scenario: 'HTTP alone: two requests of the empty route per pair',
        ...httpAlone,
        ofCeiling: fraction(httpAlone),
      },
      {
        database,
        version: v,
        scenario: 'ceiling: the same transaction as one raw SQL statement',
        ...raw,
        ofCeiling: 1,
      },
      {
        database,
        version: v,
        scenario: 'a correct minimal wallet: one statement per call (session, replay, balance check, ledger, event)',
        ...minimal,
        ofCeiling: fraction(minimal),
        ofMinimal: 1,
        pgCpuVsMinimal: 1,
      },
    ];
  } finally {
    await direct.close();
    await server.stop();
  }
}

/**
 * `--functions` (PostgreSQL): the database's own time per SQL function (track_functions), read around the
 * 20-player row. Self time is the function's statements without the functions they call.
 */
const profiling = process.argv.includes('--functions');
const profiles = [];
async function functionTimes(url) {
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // backends report their counts when idle
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select funcname, calls, self_time, total_time from pg_stat_user_functions');
    return new Map(rows.map((r) => [r.funcname, r]));
  } finally {
    await client.end();
  }
}
function functionProfile(before, after, pairs, version) {
  const rows = [...after.values()].map((r) => {
    const b = before.get(r.funcname) ?? { calls: 0, self_time: 0, total_time: 0 };
    return {
      version,
      function: r.funcname,
      callsPerPair: +((r.calls - b.calls) / pairs).toFixed(2),
      selfMsPerPair: +((r.self_time - b.self_time) / pairs).toFixed(3),
      totalMsPerPair: +((r.total_time - b.total_time) / pairs).toFixed(3),
    };
  });
  return rows
    .filter((r) => r.callsPerPair > 0)
    .sort((x, y) => y.selfMsPerPair - x.selfMsPerPair)
    .slice(0, 15);
}

/** A commit's server, checked out at `dir` inside this checkout (so it resolves this checkout's node_modules). */
function checkout(rev, dir) {
  const serverRoot = path.join(root, dir);
  fs.rmSync(serverRoot, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: root });
  execFileSync('git', ['worktree', 'add', '--detach', '--force', serverRoot, rev], { cwd: root, stdio: 'ignore' });
  // Packages a workspace keeps to itself, and the built site, are this checkout's.
  for (const shared of ['apps/server/node_modules', 'apps/web/node_modules', 'apps/web/dist']) {
    if (fs.existsSync(path.join(root, shared)) && !fs.existsSync(path.join(serverRoot, shared)))
      fs.symlinkSync(path.join(root, shared), path.join(serverRoot, shared));
  }
  // The workspace packages (contracts, games) are that commit's too: without these links they would
  // resolve to this checkout's, through its node_modules.
  fs.mkdirSync(path.join(serverRoot, 'node_modules/@casino'), { recursive: true });
  for (const name of fs.readdirSync(path.join(root, 'node_modules/@casino'))) {
    const target = fs.realpathSync(path.join(root, 'node_modules/@casino', name));
    const own = path.join(serverRoot, path.relative(root, target));
    if (fs.existsSync(own) && own.startsWith(path.join(serverRoot, 'packages')))
      fs.symlinkSync(own, path.join(serverRoot, 'node_modules/@casino', name));
  }
  const commit = execFileSync('git', ['rev-parse', '--short', rev], { cwd: root }).toString().trim();
  return { serverRoot, commit };
}

const argOf = (flag) => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? null : process.argv[at + 1];
};

/**
 * The versions to measure: this checkout (or with `--this <commit>` that commit, when the work tree is
 * in flux), and with `--base <commit>` that commit's server first.
 */
const retentionRun = process.argv.includes('--retention');

function versions() {
  if (retentionRun)
    return [
      {
        label: 'retention off',
        serverRoot: root,
        env: { LOYALTY_ENABLED: '0', QUESTS_ENABLED: '0', SEED_DEMO: '0' },
      },
      // No demo data either way: "on" has exactly the tournament, quest, levels and rate prepared below.
      { label: 'retention on', serverRoot: root, env: { SEED_DEMO: '0' }, retention: true },
    ];
  const thisRev = argOf('--this');
  const current = thisRev
    ? (({ serverRoot, commit }) => ({ label: `this ${commit}`, serverRoot }))(checkout(thisRev, '.bench-this'))
    : { label: 'this', serverRoot: root };
  const baseRev = argOf('--base');
  if (!baseRev) return [current];
  const { serverRoot, commit } = checkout(baseRev, '.bench-base');
  return [{ label: `base ${commit}`, serverRoot }, current];
}

const runs = [];
const measured = versions();
// Base, this, this, base: see the top of the file.
const order = measured.length > 1 ? [...measured, ...measured.toReversed()] : measured;
// `--only postgres` or `--only pglite`: one database, for a quicker look while working.
const only = argOf('--only');
if (only !== 'postgres')
  for (const version of order)
    runs.push(
      ...(await benchmark('pglite', {}, (server) => ({ DATA_DIR: server.dataDir, DATABASE_URL: '' }), version)),
    );

if (process.env.DATABASE_URL && only !== 'pglite') {
  for (const version of order) {
    // A database of its own, so the bench never writes into the one named (which may hold real data).
    const pg = serverRequire('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `bench_wallet_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${name}`);
    if (profiling) await admin.query(`alter database ${name} set track_functions = 'all'`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      runs.push(
        ...(await benchmark(
          'postgres',
          { DATABASE_URL: url.toString() },
          () => ({ DATABASE_URL: url.toString() }),
          version,
        )),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
for (const { serverRoot } of measured)
  if (serverRoot !== root) execFileSync('git', ['worktree', 'remove', '--force', serverRoot], { cwd: root });

/** One row per database, version and scenario: the mean of its runs (counts summed, rates averaged). */
function meanOfRuns(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.database}|${row.version}|${row.scenario}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const mean = (field) => {
      const values = group.map((row) => row[field]).filter((value) => value !== null);
      return values.length ? +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2) : null;
    };
    return {
      ...group[0],
      runs: group.length,
      pairs: group.reduce((sum, row) => sum + row.pairs, 0),
      errors: group.reduce((sum, row) => sum + row.errors, 0),
      ...Object.fromEntries(
        [
          'pairsPerSec',
          'p50CallMs',
          'p99CallMs',
          'serverCpuMsPerPair',
          'postgresCpuMsPerPair',
          'benchClientCpuMsPerPair',
          'ofCeiling',
          'ofMinimal',
          'pgCpuVsMinimal',
        ].map((field) => [field, mean(field)]),
      ),
    };
  });
}
const results = meanOfRuns(runs);

fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'wallet.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      workers: WORKERS,
      durationSec: DURATION_MS / 1000,
      loadAverage: os.loadavg(),
      cpus: os.cpus().length,
      results,
      runs,
    },
    null,
    2,
  ),
);
console.table(results);
if (profiles.length) {
  console.log('The database time of each SQL function per bet+win pair (20 players):');
  console.table(profiles.flat());
}
