// `npm run bench:push`: push fan-out with real `centrifuge` clients in separate processes.
//
// The real server runs on Redis (REDIS_URL, default the local one) and the embedded database, or on
// PostgreSQL when DATABASE_URL is set. Client processes open --clients connections as guests and
// subscribe to one public channel (the winners feed of a country). This process then acts as another
// node: it publishes --pubs publications on that channel through the same Redis broker the server uses,
// each carrying the moment it was published, and every client notes when it got it. Reported: publish →
// deliver latency (p50, p99, max over every delivery), publications lost, and the server's CPU time per
// publication (the fan-out cost), next to the CPU time of an idle second in the same run.
//
//   npm run bench:push                                  10,000 clients, one server process
//   npm run bench:push -- --clients 50000 --hold 60     50,000 connections held for a minute
//                                                       (PROCESSES=3: each process keeps < 20,000
//                                                       descriptors; needs DATABASE_URL)
//   npm run bench:push -- --processes 2                 the server as two processes on one port
//   --rate N: connections opened a second in all (default 1,500; faster only makes handshakes queue)
//
// Then, in the same run, the fair peer (issue 40; --skip-peer leaves it out): a bare `ws` server
// (bench/bare-ws.mjs) hearing the same publications through the same Redis broker and writing the same
// frame to as many plain sockets from as many client processes. Reported beside the hub's: its fan-out
// (arrival to last write) and its clients' p99, and the hub's ratios to them.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runServer, root } from '../scripts/run-server.mjs';

const { values: args } = parseArgs({
  options: {
    worker: { type: 'boolean', default: false },
    clients: { type: 'string', default: '10000' },
    procs: { type: 'string', default: '' },
    pubs: { type: 'string', default: '30' },
    interval: { type: 'string', default: '500' },
    processes: { type: 'string', default: '1' },
    hold: { type: 'string', default: '0' },
    rate: { type: 'string', default: '1500' },
    json: { type: 'boolean', default: false },
    // Internal: a client process for the bare peer (raw WebSockets, no protocol).
    bare: { type: 'boolean', default: false },
    'skip-peer': { type: 'boolean', default: false },
  },
});

const CHANNEL = 'game:winners:desktop:DE';
const now = () => performance.timeOrigin + performance.now();

if (args.worker && args.bare) await bareClientWorker();
else if (args.worker) await clientWorker();
else await main();

// --- a process of clients --------------------------------------------------------------------------

async function clientWorker() {
  const { Centrifuge } = await import(serverDep('centrifuge'));
  const { WebSocket } = await import(serverDep('ws'));
  const { url, count, localAddress, rate } = JSON.parse(process.env.PUSH_BENCH_WORKER);
  // Several loopback source addresses: one address pair has only ~28,000 ephemeral ports.
  class BoundWebSocket extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { localAddress, perMessageDeflate: false });
    }
  }
  const latencies = [];
  const seen = new Map(); // publication seq → clients that got it
  let connected = 0;
  let subscribed = 0;
  let disconnected = 0;
  const clients = [];
  for (let i = 0; i < count; i++) {
    const client = new Centrifuge(url, {
      websocket: BoundWebSocket,
      minReconnectDelay: 1000,
      maxReconnectDelay: 5000,
      // A handshake queued behind thousands of others is slow, not lost: abandoning it makes a retry storm.
      timeout: 30_000,
    });
    client.on('connected', () => connected++);
    client.on('disconnected', () => disconnected++);
    const sub = client.newSubscription(CHANNEL);
    sub.on('subscribed', () => subscribed++);
    sub.on('publication', (ctx) => {
      const { seq, sentAt } = ctx.data;
      if (typeof seq !== 'number') return;
      latencies.push(now() - sentAt);
      seen.set(seq, (seen.get(seq) ?? 0) + 1);
    });
    sub.subscribe();
    client.connect();
    clients.push(client);
    // Open connections in small steps, as real visitors arrive, at this process's share of --rate a second.
    if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, (20 / rate) * 1000));
  }
  process.on('message', (message) => {
    if (message === 'status') process.send({ status: { connected, subscribed, disconnected } });
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpu: (user + system) / 1000 });
    }
    if (message === 'report') {
      process.send({ report: { latencies, seen: [...seen] } });
    }
    if (message === 'stop') {
      for (const client of clients) client.disconnect();
      setTimeout(() => process.exit(0), 200);
    }
  });
  process.send({ started: count });
}

/** The bare peer's clients: plain WebSockets reading the same frames, noting the same latencies. */
async function bareClientWorker() {
  const { WebSocket } = await import(serverDep('ws'));
  const { url, count, localAddress, rate } = JSON.parse(process.env.PUSH_BENCH_WORKER);
  const latencies = [];
  const seen = new Map();
  let connected = 0;
  let disconnected = 0;
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
    socket.on('open', () => connected++);
    socket.on('close', () => disconnected++);
    socket.on('error', () => {});
    socket.on('message', (bytes) => {
      const { seq, sentAt } = JSON.parse(bytes.toString()).push?.pub?.data ?? {};
      if (typeof seq !== 'number') return;
      latencies.push(now() - sentAt);
      seen.set(seq, (seen.get(seq) ?? 0) + 1);
    });
    sockets.push(socket);
    if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, (20 / rate) * 1000));
  }
  process.on('message', (message) => {
    if (message === 'status') process.send({ status: { connected, subscribed: connected, disconnected } });
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpu: (user + system) / 1000 });
    }
    if (message === 'report') process.send({ report: { latencies, seen: [...seen] } });
    if (message === 'stop') {
      for (const socket of sockets) socket.terminate();
      setTimeout(() => process.exit(0), 200);
    }
  });
  process.send({ started: count });
}

function serverDep(name) {
  // The clients use the server's copies of the libraries (the web app bundles the same centrifuge).
  const base = path.join(root, 'node_modules', name);
  const pkg = JSON.parse(fs.readFileSync(path.join(base, 'package.json'), 'utf8'));
  const entry = pkg.exports?.['.']?.import ?? pkg.exports?.['.']?.default ?? pkg.module ?? pkg.main;
  const file = typeof entry === 'string' ? entry : (entry?.default ?? 'index.js');
  return path.join(base, file);
}

// --- the run ---------------------------------------------------------------------------------------

async function main() {
  const clients = Number(args.clients);
  const processes = Number(args.processes);
  const procs = Number(args.procs) || Math.max(2, Math.ceil(clients / 2500));
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const env = { REDIS_URL: redisUrl, PROCESSES: String(processes) };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  const log = (...parts) => args.json || console.log(...parts);

  const server = await runServer(env);
  const rssBefore = rssMb(server.pid, processes);
  const wsUrl = `${server.url.replace('http', 'ws')}/connection/websocket`;
  const { createRedisBroker } = await import('../apps/server/src/push/redis-broker.ts');
  const broker = createRedisBroker(redisUrl);

  const started = now();
  const workers = forkClients(wsUrl, clients, procs, false);
  const status = () => statusOf(workers);

  let ready = { subscribed: 0 };
  for (let waited = 0; waited < 600 && ready.subscribed < clients; waited++) {
    await sleep(1000);
    ready = await status();
    if (waited % 5 === 4) log(`  ${ready.connected} connected, ${ready.subscribed} subscribed`);
  }
  const connectSec = (now() - started) / 1000;
  if (ready.subscribed < clients) throw new Error(`only ${ready.subscribed} of ${clients} clients subscribed`);
  log(`${clients} clients subscribed to ${CHANNEL} in ${connectSec.toFixed(1)} s (${workers.length} client processes)`);
  // Absolute figures: the start-up heap shrinks meanwhile, so the difference undercounts connections.
  const serverRss = rssMb(server.pid, processes);
  log(`server memory: ${rssBefore.toFixed(0)} MB RSS before the clients, ${serverRss.toFixed(0)} MB with them`);

  const hold = Number(args.hold);
  let heldDisconnects = 0;
  if (hold > 0) {
    const before = await status();
    log(`holding ${clients} connections for ${hold} s (pings every 25 s)…`);
    await sleep(hold * 1000);
    const after = await status();
    heldDisconnects = after.disconnected - before.disconnected;
    log(`  ${after.subscribed} still subscribed, ${heldDisconnects} disconnects while held`);
  }

  // Idle CPU of the server over the same span the publications take, then the publications.
  const pubs = Number(args.pubs);
  const interval = Number(args.interval);
  const clientCpu = async () => (await Promise.all(workers.map((w) => ask(w, 'cpu', 'cpu')))).reduce((a, b) => a + b);
  const idleCpu0 = cpuMs(server.pid, processes);
  const idleClientCpu0 = await clientCpu();
  await sleep(pubs * interval);
  const idleCpuMs = cpuMs(server.pid, processes) - idleCpu0;
  const idleClientCpuMs = (await clientCpu()) - idleClientCpu0;
  const fanOut0 = await fanOutSeconds(server.url);
  const cpu0 = cpuMs(server.pid, processes);
  const clientCpu0 = await clientCpu();
  await publishAll(broker, pubs, interval);
  const fanOut1 = await fanOutSeconds(server.url);
  const busyCpuMs = cpuMs(server.pid, processes) - cpu0;
  const busyClientCpuMs = (await clientCpu()) - clientCpu0;

  const latencies = await latenciesOf(workers);
  const delivered = latencies.length;
  const expected = clients * pubs;
  const q = (p) => quantile(latencies, p);
  const result = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    clients,
    clientProcesses: workers.length,
    serverProcesses: processes,
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    connectSec: round(connectSec),
    serverRssMbBefore: round(rssBefore),
    serverRssMb: round(serverRss),
    heldSec: hold,
    heldDisconnects,
    publications: pubs,
    intervalMs: interval,
    delivered,
    lost: expected - delivered,
    p50Ms: round(q(0.5)),
    p99Ms: round(q(0.99)),
    maxMs: round(latencies[delivered - 1]),
    // The hub's own part: from a publication's arrival to its last socket write (push_fanout_seconds).
    hubFanOutMsMean: round(((fanOut1.sum - fanOut0.sum) / (fanOut1.count - fanOut0.count)) * 1000),
    serverCpuMsPerPublication: round((busyCpuMs - idleCpuMs) / pubs),
    serverCpuUsPerDelivery: round(((busyCpuMs - idleCpuMs) * 1000) / pubs / clients),
    idleServerCpuMsPerSec: round(idleCpuMs / ((pubs * interval) / 1000)),
    clientCpuUsPerDelivery: round(((busyClientCpuMs - idleClientCpuMs) * 1000) / pubs / clients),
  };
  // The clients share these cores with the hub: a publication's CPU (the hub's fan-out, with the loopback
  // TCP the kernel charges it, and every client's receipt) spread over all cores is the least time its
  // last delivery can take here, however fast the hub.
  result.cpuFloorMsPerPublication = round(
    (result.serverCpuMsPerPublication + (result.clientCpuUsPerDelivery * clients) / 1000) / result.cpus,
  );
  log(
    `${pubs} publications to ${clients} subscribers: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms; ` +
      `${result.lost} lost; the hub's fan-out ${result.hubFanOutMsMean} ms on average; server CPU ${result.serverCpuMsPerPublication} ms a publication ` +
      `(${result.serverCpuUsPerDelivery} µs a delivery; idle ${result.idleServerCpuMsPerSec} ms/s); ` +
      `clients ${result.clientCpuUsPerDelivery} µs CPU a delivery; ` +
      `CPU floor ${result.cpuFloorMsPerPublication} ms (a publication's CPU over ${result.cpus} cores)`,
  );

  await stopClients(workers);
  await server.stop();
  // The fair peer, in the same run: a bare `ws` server, the same clients, bytes and publications.
  if (!args['skip-peer']) {
    result.peer = await barePeer({ clients, procs, redisUrl, pubs, interval, broker });
    result.fanOutVsPeer = round(result.hubFanOutMsMean / result.peer.fanOutMsMean);
    result.p99VsPeer = round(result.p99Ms / result.peer.p99Ms);
    log(
      `bare peer: fan-out ${result.peer.fanOutMsMean} ms on average, p99 ${result.peer.p99Ms} ms, ${result.peer.lost} lost; ` +
        `the hub ${result.fanOutVsPeer}× its fan-out, ${result.p99VsPeer}× its p99`,
    );
  }
  await broker.close();
  if (args.json) console.log(JSON.stringify(result));
  const out = path.join(root, 'bench/results/push.json');
  const previous = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
  const key = `${clients} clients${hold > 0 ? `, held ${hold} s` : ''}, ${processes} server process${processes > 1 ? 'es' : ''}`;
  fs.writeFileSync(out, `${JSON.stringify({ ...previous, [key]: result }, null, 2)}\n`);
  process.exit(result.lost === 0 && (result.peer?.lost ?? 0) === 0 ? 0 : 1);
}

/** Forks the client processes for `clients` connections to `url` (`bare`: plain WebSockets). */
function forkClients(url, clients, procs, bare) {
  const workers = [];
  const perProc = Math.ceil(clients / procs);
  for (let p = 0; p < procs; p++) {
    const count = Math.min(perProc, clients - p * perProc);
    if (count <= 0) break;
    const child = fork(import.meta.filename, ['--worker', ...(bare ? ['--bare'] : [])], {
      env: {
        ...process.env,
        PUSH_BENCH_WORKER: JSON.stringify({
          url,
          count,
          localAddress: `127.0.0.${2 + (p % 200)}`,
          rate: Number(args.rate) / procs,
        }),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: ['--max-old-space-size=4096'],
    });
    workers.push(child);
  }
  return workers;
}

/** Asks a client process and waits for the answer under `key`. */
function ask(child, question, key) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.[key] === undefined) return;
      child.off('message', onMessage);
      resolve(message[key]);
    };
    child.on('message', onMessage);
    child.send(question);
  });
}

async function statusOf(workers) {
  const all = await Promise.all(workers.map((w) => ask(w, 'status', 'status')));
  return all.reduce(
    (sum, s) => ({
      connected: sum.connected + s.connected,
      subscribed: sum.subscribed + s.subscribed,
      disconnected: sum.disconnected + s.disconnected,
    }),
    { connected: 0, subscribed: 0, disconnected: 0 },
  );
}

/** The publications, each carrying its sequence number and the moment it was published. */
async function publishAll(broker, pubs, interval) {
  for (let seq = 1; seq <= pubs; seq++) {
    await broker.publish(CHANNEL, {
      event: 'game.winner',
      winner: { nickname: 'Bench', amount: 1, payout: 25, currency: 'EUR', gameId: 'bench', gameName: 'Bench' },
      seq,
      sentAt: now(),
    });
    await sleep(interval);
  }
  await sleep(2000);
}

/** Every delivery's latency from every client process, sorted. */
async function latenciesOf(workers) {
  const reports = await Promise.all(workers.map((w) => ask(w, 'report', 'report')));
  const latencies = new Float64Array(reports.reduce((n, r) => n + r.latencies.length, 0));
  let i = 0;
  for (const r of reports) for (const l of r.latencies) latencies[i++] = l;
  return latencies.sort();
}

function quantile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

function stopClients(workers) {
  return Promise.all(
    workers.map(
      (w) =>
        new Promise((resolve) => {
          w.once('exit', resolve);
          w.send('stop');
        }),
    ),
  );
}

/** The same publications through a bare `ws` server (bench/bare-ws.mjs) to as many plain sockets. */
async function barePeer({ clients, procs, redisUrl, pubs, interval, broker }) {
  const bare = fork(path.join(import.meta.dirname, 'bare-ws.mjs'), [], {
    env: { ...process.env, BARE_WS: JSON.stringify({ channel: CHANNEL, redisUrl }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise((resolve) => bare.once('message', (m) => resolve(m.port)));
  const workers = forkClients(`ws://127.0.0.1:${port}/`, clients, procs, true);
  for (let waited = 0; waited < 600 && (await statusOf(workers)).connected < clients; waited++) await sleep(1000);
  await publishAll(broker, pubs, interval);
  const latencies = await latenciesOf(workers);
  const fanOutMs = await ask(bare, 'fanOut', 'fanOutMs');
  await stopClients(workers);
  await new Promise((resolve) => {
    bare.once('exit', resolve);
    bare.send('stop');
  });
  return {
    delivered: latencies.length,
    lost: clients * pubs - latencies.length,
    p50Ms: round(quantile(latencies, 0.5)),
    p99Ms: round(quantile(latencies, 0.99)),
    maxMs: round(latencies[latencies.length - 1]),
    fanOutMsMean: round(fanOutMs.reduce((a, b) => a + b, 0) / Math.max(1, fanOutMs.length)),
  };
}

/** CPU time (user + system) of the server and, with PROCESSES > 1, its worker processes, in ms. */
function cpuMs(pid, processes) {
  const tick = 100; // USER_HZ on Linux
  return pidsOf(pid, processes).reduce((sum, p) => {
    const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
  }, 0);
}

function rssMb(pid, processes) {
  return pidsOf(pid, processes).reduce((sum, p) => {
    const line = fs
      .readFileSync(`/proc/${p}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return sum + Number(line.split(/\s+/)[1]) / 1024;
  }, 0);
}

function pidsOf(pid, processes) {
  if (processes <= 1) return [pid];
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [pid, ...children.map(Number)];
}

/** The hub's fan-out histogram from /metrics (open to a loopback peer outside production). */
async function fanOutSeconds(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN);
  return { sum: value('push_fanout_seconds_sum'), count: value('push_fanout_seconds_count') };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round(n) {
  return Math.round(n * 100) / 100;
}
