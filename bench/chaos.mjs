// `npm run chaos`: the ledger under crashes. Workers act as a game provider would on PostgreSQL (+ Redis
// when REDIS_URL is set): signed seamless-wallet calls with duplicates, rollbacks sent before their bet,
// voids, wins for rounds still in flight; every call that gets no definite answer (connection refused,
// reset, a 5xx) is sent again with the same transaction id until it gets one, as a real provider retries.
// Meanwhile the server is killed with SIGKILL several times and started again. Then the audit: every
// account's balances equal the sum of its ledger (real and bonus apart), every transaction id applied
// at most once, no round both rolled back and paid, no negative balance, every outbox event delivered,
// and each player's balance as the provider last heard it equals the database's.
//
//   npm run chaos                                  100,000 calls, 50 workers, 3 kills
//   npm run chaos -- --calls 5000 --kills 1        a smaller run (the server tests run one on PostgreSQL)
//
// Needs DATABASE_URL (a PostgreSQL server: a database of its own is created there and dropped after).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { auditLedger, freePort, root, startServer, walletPoster } from './harness.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '100000' },
    workers: { type: 'string', default: '50' },
    kills: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const CALLS = Number(args.calls);
const WORKERS = Number(args.workers);
const KILLS = Number(args.kills);
const PLAYERS = Math.max(1, Math.ceil(WORKERS / 2)); // two workers per account: rounds of one account interleave
const SECRET = `chaos-${randomBytes(24).toString('hex')}`;
const STAKE = 100;
const CREDIT_MINOR = 100_000_000; // €1,000,000 per account: no bet is short of money

if (!process.env.DATABASE_URL) {
  console.error('npm run chaos needs DATABASE_URL (a PostgreSQL server; a database of its own is made there).');
  process.exit(2);
}

const log = (...parts) => args.json || console.log(...parts);

// --- the provider's side: signed calls, retried until answered ---------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS * 2 });
let base = '';
let post = null;

const stats = { calls: 0, retries: 0, duplicates: 0, earlyRollbacks: 0, voids: 0, openWins: 0, refused: {} };

/** One wallet call, sent again (new request id, same body) until the casino gives a definite answer. */
async function call(kind, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      const { status, text } = await post(kind, body);
      if (status < 500) {
        stats.calls++;
        const json = JSON.parse(text);
        if (status !== 200) stats.refused[json.error.code] = (stats.refused[json.error.code] ?? 0) + 1;
        return { status, json };
      }
    } catch {
      // refused, reset or timed out: the outcome is unknown, so the same transaction goes again
    }
    stats.retries++;
    if (attempt > 600) throw new Error(`${kind} ${body.transactionId}: no answer after 600 attempts`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** Math.min(attempt, 6))));
  }
}

const random = () => Math.random();
const until = async (condition) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
};

/**
 * The money each account should have moved, as the provider heard it: per transaction id, the change a
 * definite success stands for (a repeated id counts once). The audit compares it with the database.
 */
const heard = new Map();
const applied = (session, transactionId, answer, delta) => {
  if (answer.status !== 200) return;
  let moves = heard.get(session.token);
  if (!moves) heard.set(session.token, (moves = new Map()));
  moves.set(transactionId, delta);
};

/** The mix, as shares of all calls sent: 10 % duplicates, 5 % rollbacks sent before their bet. */
const SHARE = { duplicates: 0.1, earlyRollbacks: 0.05 };
/** Whether a kind of call is behind its share of the calls so far (a coin decides, so they stay spread). */
const due = (kind) => stats[kind] < SHARE[kind] * stats.calls && random() < 0.5;

/** One round in one of the shapes a provider produces; answers how many calls it sent (duplicates included). */
async function round(session) {
  const roundId = `chaos-r-${randomUUID()}`;
  const common = { token: session.token, roundId, gameIdentity: session.game, currency: 'EUR' };
  const bet = { ...common, transactionId: `chaos-b-${randomUUID()}`, amount: STAKE };
  const shape = random();
  if (due('earlyRollbacks')) {
    // A rollback that overtakes its bet: the bet must then be refused (15013) and never debited.
    stats.earlyRollbacks++;
    const { currency: _c, ...rest } = common;
    await call('rollback', {
      ...rest,
      transactionId: `chaos-x-${randomUUID()}`,
      referenceTransactionId: bet.transactionId,
    });
    const late = await call('bet', bet);
    if (late.status !== 409 || late.json.error.code !== 15013)
      throw new Error(`a bet after its rollback answered ${late.status} ${JSON.stringify(late.json)}`);
    return 2;
  }
  let sent = 1;
  const placed = await call('bet', bet);
  applied(session, bet.transactionId, placed, -STAKE);
  if (due('duplicates')) {
    stats.duplicates++;
    sent++;
    const again = await call('bet', bet);
    if (JSON.stringify(again.json) !== JSON.stringify(placed.json) && again.status === 200)
      throw new Error(
        `a repeated bet answered differently: ${JSON.stringify(placed.json)} then ${JSON.stringify(again.json)}`,
      );
  }
  if (placed.status !== 200) return sent;
  if (shape < 0.05) {
    // A void: the bet is rolled back; a win that comes after it must not pay.
    stats.voids++;
    const { currency: _c, ...rest } = common;
    const voidId = `chaos-v-${randomUUID()}`;
    const voided = await call('rollback', {
      ...rest,
      transactionId: voidId,
      referenceTransactionId: bet.transactionId,
    });
    applied(session, voidId, voided, STAKE);
    const late = await call('win', {
      ...common,
      transactionId: `chaos-w-${randomUUID()}`,
      amount: 500,
      closeRound: true,
    });
    if (late.status === 200) throw new Error(`a win after a void was paid: ${JSON.stringify(late.json)}`);
    return sent + 2;
  }
  if (shape < 0.35) {
    // A win while the round stays open, then the closing one (another worker's rounds interleave).
    stats.openWins++;
    const open = {
      ...common,
      transactionId: `chaos-w-${randomUUID()}`,
      amount: Math.floor(random() * 150),
      closeRound: false,
    };
    applied(session, open.transactionId, await call('win', open), open.amount);
    sent++;
  }
  const win = {
    ...common,
    transactionId: `chaos-w-${randomUUID()}`,
    amount: Math.floor(random() * 200),
    closeRound: true,
  };
  applied(session, win.transactionId, await call('win', win), win.amount);
  sent++;
  if (due('duplicates')) {
    stats.duplicates++;
    sent++;
    applied(session, win.transactionId, await call('win', win), win.amount);
  }
  return sent;
}

// --- setup, the run, the kills, the audit --------------------------------------------------------------

async function api(pathname, { method = 'GET', body, token } = {}, attempt = 1) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  // A 503 asks to come back in a few seconds (a fresh server on a loaded machine): a client does.
  if (response.status === 503 && attempt < 5) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    return api(pathname, { method, body, token }, attempt + 1);
  }
  if (!response.ok) throw new Error(`${method} ${pathname} ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

const pg = serverRequire('pg');
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
const dbName = `chaos_${randomBytes(5).toString('hex')}`;
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(process.env.DATABASE_URL);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-chaos-'));
const env = {
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: process.env.REDIS_URL ?? '',
  REDIS_PREFIX: `${dbName}:`,
  GAME_WALLET_SECRET: SECRET,
  SEED_DEMO: '0',
  // Sessions outlive the run, whatever the kills cost.
  GAME_SESSION_TTL: '86400',
  // Its players all sign up from 127.0.0.1.
  SIGN_UP_PER_ADDRESS: '0',
};
base = `http://127.0.0.1:${port}`;
post = walletPoster({ base, secret: SECRET, agent });
let server = startServer(env);
const report = { calls: CALLS, workers: WORKERS, players: PLAYERS, kills: [], audit: {} };
let failed = null;
try {
  await server.ready;
  const [game] = await api('/api/game/games?perPage=1');
  const sessions = [];
  for (let i = 0; i < PLAYERS; i++) {
    const email = `chaos-${i}-${randomBytes(3).toString('hex')}@example.com`;
    const auth = await api('/api/player/register', {
      method: 'POST',
      body: {
        email,
        password: 'chaos-pass-1234',
        password_confirmation: 'chaos-pass-1234',
        currency: 'EUR',
        agreements: true,
      },
    });
    sessions.push({ email, accessToken: auth.accessToken });
  }
  // Money for the whole run (one operator credit per player, through the ledger).
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const credit = (email) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', 'credit', email, '1000000', 'EUR'], {
        cwd: path.join(root, 'apps/server'),
        env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
        stdio: 'ignore',
      });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`credit ${email} exited ${code}`))));
    });
  for (const s of sessions) await credit(s.email);
  for (const s of sessions) {
    const play = await api(`/api/game/games/${encodeURIComponent(game.identity)}/play`, {
      method: 'POST',
      token: s.accessToken,
      body: { demoMode: false, platform: 2 },
    });
    s.token = play.token;
    s.game = game.identity;
  }

  // The run: workers take rounds until CALLS calls were sent; the killer strikes at even intervals.
  let sent = 0;
  const began = performance.now();
  const killAt = Array.from({ length: KILLS }, (_, i) => Math.floor(((i + 1) * CALLS) / (KILLS + 1)));
  const killer = (async () => {
    for (const threshold of killAt) {
      await until(() => sent >= threshold || failed !== null);
      if (failed) return;
      const killedAt = performance.now();
      const callsBefore = stats.calls;
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      server = startServer(env);
      await server.ready;
      const upAt = performance.now();
      // Recovered: the first definite answer after the restart.
      while (stats.calls === callsBefore) await new Promise((resolve) => setTimeout(resolve, 5));
      const answeredAt = performance.now();
      report.kills.push({
        atCall: threshold,
        restartMs: Math.round(upAt - killedAt),
        firstAnswerMs: Math.round(answeredAt - killedAt),
      });
      log(
        `  kill -9 at call ${threshold}: up again in ${Math.round(upAt - killedAt)} ms, answering in ${Math.round(answeredAt - killedAt)} ms`,
      );
    }
  })();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const session = sessions[w % sessions.length];
      while (sent < CALLS && !failed) {
        try {
          const calls = await round(session); // (not `sent += await …`: that adds to a stale `sent`)
          sent += calls;
        } catch (error) {
          failed ??= error;
        }
      }
    }),
  );
  await killer;
  if (failed) throw failed;
  report.seconds = Math.round((performance.now() - began) / 100) / 10;
  report.sent = stats.calls;
  report.stats = stats;

  // The audit, on the database itself; the money the provider heard moved equals what moved: the
  // credit plus every definite success, once.
  const expected = new Map(
    sessions.map((s) => [s.token, CREDIT_MINOR + [...(heard.get(s.token)?.values() ?? [])].reduce((a, d) => a + d, 0)]),
  );
  report.audit = await auditLedger(db, expected);
  await db.end();
} catch (error) {
  failed = error;
} finally {
  if (server.child.exitCode === null) {
    server.child.kill('SIGINT');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}

const problems = Object.entries(report.audit).filter(([, n]) => n !== 0);
const pct = (n) => `${((100 * n) / Math.max(1, stats.calls)).toFixed(1)} % of calls`;
if (args.json) console.log(JSON.stringify({ ...report, failed: failed ? String(failed.message) : null }));
else {
  console.log(
    `\n  ${report.sent ?? 0} calls (${stats.retries} resent after no answer) by ${WORKERS} workers on ${PLAYERS} accounts in ${report.seconds ?? '?'} s`,
  );
  console.log(
    `  duplicates ${stats.duplicates} (${pct(stats.duplicates)}), rollbacks before their bet ${stats.earlyRollbacks} (${pct(stats.earlyRollbacks)}), voids ${stats.voids}, wins in open rounds ${stats.openWins}`,
  );
  console.log(`  refusals by code: ${JSON.stringify(stats.refused)}`);
  console.log(`  audit: ${JSON.stringify(report.audit)}`);
}
if (failed || problems.length > 0) {
  console.error(
    failed
      ? `chaos run failed: ${failed.stack ?? failed}`
      : `audit failed: ${problems.map(([k, n]) => `${k}=${n}`).join(', ')}`,
  );
  process.exit(1);
}
