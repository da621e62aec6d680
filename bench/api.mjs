// `npm run bench:api`: API throughput with autocannon on the same machine, each route next to an
// empty route (/api/health) of the same server so the ratio says what the route itself costs.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { runServer } from '../scripts/run-server.mjs';
import { cpuMeter } from './cpu.mjs';

/** The floor: a bare Fastify process answering the same tiny JSON. */
async function bareFastify() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-fastify.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /running: (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare fastify exited with ${code}`)));
  });
  return { url, pid: child.pid, stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGINT')) };
}

const bare = await bareFastify();
const server = await runServer();
const login = await fetch(`${server.url}/api/player/sessions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'demo@example.com', password: 'demo1234' }),
}).then((r) => r.json());
const token = login.data?.accessToken;

async function measure(name, options, pid = server.pid) {
  await autocannon({ ...options, duration: 2, connections: 20 }); // warm-up (JIT, caches)
  const cpu = cpuMeter(async () => [pid]);
  await cpu.start();
  const result = await autocannon({ ...options, duration: 10, connections: 50 });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    serverCpuUsPerReq: Math.round(((await cpu.usedMs()) * 1000) / result.requests.total),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const results = [];
try {
  results.push(await measure('empty route GET /api/health', { url: `${server.url}/api/health` }));
  results.push(await measure('bare Fastify, the same route', { url: `${bare.url}/api/health` }, bare.pid));
  results.push(await measure('GET /api/settings/currencies', { url: `${server.url}/api/settings/currencies` }));
  // The catalogue (10,000 games): a category page's first page, a provider filter, and a name search.
  results.push(
    await measure('GET /api/game/games (collection slots, by popularity, page 1 of 24)', {
      url: `${server.url}/api/game/games?collectionId[]=slots&sortBy=popularity&sortOrder=desc&page=1&perPage=24`,
    }),
  );
  results.push(
    await measure('GET /api/game/games (name search "gold", page 1 of 24)', {
      url: `${server.url}/api/game/games?name=gold&page=1&perPage=24`,
    }),
  );
  results.push(await measure('GET /api/game/collections', { url: `${server.url}/api/game/collections` }));
  // The rest of what the home page asks on load (the SPA's boot, the providers strip, the winners feed,
  // the tournaments section).
  results.push(await measure('GET /api/player/init', { url: `${server.url}/api/player/init` }));
  results.push(await measure('GET /api/game/providers', { url: `${server.url}/api/game/providers` }));
  results.push(
    await measure('GET /api/game/spins/winners?perPage=50', {
      url: `${server.url}/api/game/spins/winners?perPage=50&platform=1`,
    }),
  );
  results.push(
    await measure('GET /api/retention/tournaments (upcoming and running, 3)', {
      url: `${server.url}/api/retention/tournaments?state[]=2&state[]=3&page=1&perPage=3`,
    }),
  );
  if (token) {
    results.push(
      await measure(
        'GET /api/game/games (collection slots, page 1 of 24, as a player: + session check and favourites)',
        {
          url: `${server.url}/api/game/games?collectionId[]=slots&sortBy=popularity&sortOrder=desc&page=1&perPage=24`,
          headers: { authorization: `Bearer ${token}` },
        },
      ),
    );
    // A game page as a player: the game (with the player's heart).
    results.push(
      await measure('GET /api/game/games/:identity (a game page, as a player)', {
        url: `${server.url}/api/game/games/sol-dorado-juegos-fortuna-magica`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    // The header's loyalty level, on every page a player opens.
    results.push(
      await measure('GET /api/retention/account (authenticated)', {
        url: `${server.url}/api/retention/account`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    results.push(
      await measure('GET /api/wallet/accounts (authenticated)', {
        url: `${server.url}/api/wallet/accounts`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    results.push(
      await measure('GET /api/player/profile (authenticated)', {
        url: `${server.url}/api/player/profile`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    // Every page a player opens asks for the bell's count; the limits page for the limits and their use.
    results.push(
      await measure('GET /api/notification/messenger/messages?perPage=3 (authenticated)', {
        url: `${server.url}/api/notification/messenger/messages?page=1&perPage=3`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    results.push(
      await measure('GET /api/player/limits (authenticated)', {
        url: `${server.url}/api/player/limits`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
  }
} finally {
  await server.stop();
  await bare.stop();
}
// Ratios measured in the same run: each route against the empty route, the empty route against bare Fastify.
const base = results[0].reqPerSec;
for (const r of results) r.ratioToEmpty = +(r.reqPerSec / base).toFixed(2);
const bareRow = results.find((r) => r.name.startsWith('bare Fastify'));
if (bareRow) results[0].ratioToBareFastify = +(base / bareRow.reqPerSec).toFixed(2);
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'api.json'),
  JSON.stringify({ date: new Date().toISOString(), results }, null, 2),
);
console.table(results);
