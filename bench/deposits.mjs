// `npm run bench:deposits`: deposits per second through the webhook path. 100 players open 24 card
// deposit invoices each (not timed: each asks the provider for a payment), then 20 workers deliver the
// provider's signed `payment.succeeded` webhooks as fast as the casino answers them: signature check,
// event id once, invoice match, ledger credit with its idempotency key, invoice status, outbox events.
// Reports deposits per second, server CPU per deposit and latency on the embedded database, with an
// empty route's CPU per request measured in the same run (the machine is shared: compare the ratio).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { root, runServer } from '../scripts/run-server.mjs';
import { cpuMeter } from './cpu.mjs';

const PLAYERS = 100;
const INVOICES_PER_PLAYER = 24; // under the 30-a-minute invoice limit per player
const WORKERS = 20;
const SECRET = `bench-${randomBytes(24).toString('hex')}`;
const WEBHOOK_PATH = '/api/payment/webhooks/sandbox';
const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS * 2 });

function request(url, { method = 'GET', pathname, raw = '', headers = {} }) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: target.hostname, port: target.port, path: pathname, method, headers },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

async function api(url, pathname, { method = 'GET', body, token } = {}) {
  const raw = body ? JSON.stringify(body) : '';
  const { status, text } = await request(url, {
    method,
    pathname,
    raw,
    headers: {
      ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw) } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (status !== 200) throw new Error(`${method} ${pathname} ${status} ${text}`);
  return JSON.parse(text).data;
}

/** The provider's webhook, signed as docs/payment-provider-api.md says. */
async function webhook(url, invoice) {
  const raw = JSON.stringify({
    eventId: randomUUID(),
    type: 'payment.succeeded',
    paymentId: invoice.paymentId,
    reference: invoice.invoiceId,
    currency: 'EUR',
    amountMinor: '1000',
  });
  const requestId = randomUUID();
  const timestamp = Date.now();
  const mac = createHmac('sha256', SECRET)
    .update(`v1\n${timestamp}\n${requestId}\nPOST\n${WEBHOOK_PATH}\n`)
    .update(raw)
    .digest('hex');
  const started = performance.now();
  const { status, text } = await request(url, {
    method: 'POST',
    pathname: WEBHOOK_PATH,
    raw,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(raw),
      'x-request-id': requestId,
      'x-signature': `t=${timestamp},v1=${mac}`,
    },
  });
  if (status !== 200) throw new Error(`webhook ${status} ${text}`);
  return performance.now() - started;
}

async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

async function prepareInvoices(url) {
  const players = await inBatches(
    Array.from({ length: PLAYERS }, (_, i) => i),
    10,
    async (i) => {
      const auth = await api(url, '/api/player/register', {
        method: 'POST',
        body: {
          email: `deposits-${i}-${randomBytes(4).toString('hex')}@example.com`,
          password: 'bench-pass-1234',
          password_confirmation: 'bench-pass-1234',
          currency: 'EUR',
          agreements: true,
        },
      });
      return auth.accessToken;
    },
  );
  const invoices = await inBatches(
    players.flatMap((token) => Array.from({ length: INVOICES_PER_PLAYER }, () => token)),
    10,
    async (token) => {
      const result = await api(url, '/api/payment/invoices/deposit', {
        method: 'POST',
        token,
        body: { method: 'card', currency: 'EUR', amount: 10 },
      });
      return { invoiceId: result.invoiceId, paymentId: result.action.split('/').pop() };
    },
  );
  return invoices;
}

const percentile = (sorted, q) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

async function run(label, env) {
  const server = await runServer({ PAYMENT_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'silent', ...env });
  try {
    const invoices = await prepareInvoices(server.url);
    const meter = cpuMeter(() => [server.pid]);

    // The empty route's CPU per request, in the same run: what the machine charges for HTTP alone.
    await meter.start();
    const EMPTY = 2000;
    await inBatches(Array.from({ length: EMPTY }), WORKERS, () => request(server.url, { pathname: '/api/health' }));
    const emptyCpuMs = (await meter.usedMs()) / EMPTY;

    const queue = [...invoices];
    const latencies = [];
    let errors = 0;
    await meter.start();
    const began = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let invoice = queue.pop(); invoice; invoice = queue.pop()) {
          try {
            latencies.push(await webhook(server.url, invoice));
          } catch (error) {
            if (++errors <= 3) console.error(error.message);
          }
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const cpuMs = await meter.usedMs();
    latencies.sort((a, b) => a - b);
    const deposits = latencies.length;
    const result = {
      database: label,
      deposits,
      errors,
      depositsPerSec: Math.round(deposits / seconds),
      serverCpuMsPerDeposit: +(cpuMs / deposits).toFixed(2),
      emptyRouteCpuMsPerRequest: +emptyCpuMs.toFixed(3),
      depositCostInEmptyRoutes: +(cpuMs / deposits / emptyCpuMs).toFixed(1),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
    };
    console.log(result);
    return result;
  } finally {
    await server.stop();
  }
}

const results = [await run('pglite', {})];
const file = path.join(root, 'bench/results/deposits.json');
fs.writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), cpus: (await import('node:os')).cpus().length, results }, null, 2)}\n`,
);
console.log(`written to ${path.relative(root, file)}`);
