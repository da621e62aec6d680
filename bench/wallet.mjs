// `npm run wallet -w @casino/bench`: seamless-wallet throughput. Each worker repeats a signed bet and
// then a signed win that closes the round, on a new round each time, as a game provider would. It
// counts bet+win pairs per second over 10 s, on the embedded database and, when DATABASE_URL names
// a PostgreSQL server, on a fresh database created there (and dropped afterwards).
//
// Two shapes: 20 players with one worker each (the usual load: many players, one game each), and
// 20 workers on a single account (every call waits for that account's row lock: the worst case).
import { execFile } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { root, runServer } from '../scripts/run-server.mjs';

const WORKERS = 20;
const WARMUP_MS = 2_000;
const DURATION_MS = 10_000;
const BET = 100; // minor units: 1.00 EUR
const WIN = 50;
const SECRET = `bench-${randomBytes(24).toString('hex')}`;

function sign(body) {
  const raw = JSON.stringify({ requestId: randomUUID(), timestamp: Date.now(), ...body });
  return { raw, signature: createHmac('sha256', SECRET).update(raw).digest('hex') };
}

async function wallet(url, call, body) {
  const { raw, signature } = sign(body);
  const response = await fetch(`${url}/api/provider-wallet/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body: raw,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${call} ${response.status} ${JSON.stringify(json)}`);
  return json;
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

/** `npm run ops -- credit …` as an operator runs it (through the running server, or straight to PostgreSQL). */
function opsCredit(env, email, amount) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/ops/cli.ts', 'credit', email, String(amount), 'EUR'],
      { cwd: path.join(root, 'apps/server'), env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`ops credit failed: ${stderr || error.message}`)) : resolve(stdout.trim()),
    );
  });
}

async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

/** Registered, credited players, each with a real-money game session opened through the play route. */
async function preparePlayers(url, opsEnv, count) {
  const [game] = await api(url, '/api/game/games?perPage=1');
  if (!game) throw new Error('the catalogue is empty');
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
  await inBatches(players, 4, (p) => opsCredit(opsEnv, p.email, 100_000));
  for (const player of players) {
    const play = await api(url, `/api/game/games/${encodeURIComponent(game.identity)}/play`, {
      method: 'POST',
      token: player.accessToken,
      body: { demoMode: false, platform: 2 },
    });
    player.token = play.token;
  }
  return { game, players };
}

/** Workers loop bet → win(closeRound) on new rounds until the deadline; latencies are per pair. */
async function measure(url, gameIdentity, tokens, durationMs) {
  const deadline = Date.now() + durationMs;
  const latencies = [];
  let errors = 0;
  const worker = async (token) => {
    while (Date.now() < deadline) {
      const roundId = randomUUID();
      const started = performance.now();
      try {
        await wallet(url, 'bet', {
          token,
          transactionId: randomUUID(),
          roundId,
          gameIdentity,
          amount: BET,
          currency: 'EUR',
        });
        await wallet(url, 'win', {
          token,
          transactionId: randomUUID(),
          roundId,
          gameIdentity,
          amount: WIN,
          currency: 'EUR',
          closeRound: true,
        });
        latencies.push(performance.now() - started);
      } catch (error) {
        errors++;
        if (errors <= 3) console.error(error.message);
      }
    }
  };
  const began = performance.now();
  await Promise.all(tokens.map(worker));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    pairs: latencies.length,
    pairsPerSec: Math.round(latencies.length / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
  };
}

/**
 * CPU time (user + system, ms) the server process has used so far, when its pid is known: the
 * embedded-database server names it in DATA_DIR/ops-endpoint.json. On a shared machine this says
 * more than the throughput does, which depends on what else runs.
 */
function serverCpuReader(server) {
  try {
    const { pid } = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'ops-endpoint.json'), 'utf8'));
    const ticksToMs = 10; // USER_HZ is 100 on Linux
    return () => {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * ticksToMs;
    };
  } catch {
    return null;
  }
}

async function measureWithCpu(cpu, ...args) {
  const before = cpu?.();
  const result = await measure(...args);
  const used = cpu ? cpu() - before : null;
  return { ...result, serverCpuMsPerPair: used === null || !result.pairs ? null : +(used / result.pairs).toFixed(1) };
}

async function benchmark(database, serverEnv, opsEnvOf) {
  const server = await runServer({ GAME_WALLET_SECRET: SECRET, ...serverEnv });
  try {
    const { game, players } = await preparePlayers(server.url, opsEnvOf(server), WORKERS);
    const tokens = players.map((p) => p.token);
    const cpu = serverCpuReader(server);
    await measure(server.url, game.identity, tokens, WARMUP_MS);
    const spread = await measureWithCpu(cpu, server.url, game.identity, tokens, DURATION_MS);
    const single = await measureWithCpu(cpu, server.url, game.identity, Array(WORKERS).fill(tokens[0]), DURATION_MS);
    return [
      { database, scenario: `${WORKERS} players, one worker each`, ...spread },
      { database, scenario: `${WORKERS} workers on one account`, ...single },
    ];
  } finally {
    await server.stop();
  }
}

const results = [];
results.push(...(await benchmark('pglite', {}, (server) => ({ DATA_DIR: server.dataDir, DATABASE_URL: '' }))));

if (process.env.DATABASE_URL) {
  // A database of its own, so the bench never writes into the one named (which may hold real data).
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `bench_wallet_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    results.push(
      ...(await benchmark('postgres', { DATABASE_URL: url.toString() }, () => ({ DATABASE_URL: url.toString() }))),
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

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
    },
    null,
    2,
  ),
);
console.table(results);
