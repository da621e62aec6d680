// What the benches that start a real server share: a free port, the server process, the game
// provider's signed wallet call, and the ledger audit.
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** A Redis of the bench's own on `port`, keeping nothing on disk (never the shared one). */
export function startRedis(port) {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

/** Whether the Redis on `port` answers PING. */
export function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `npm start`'s server (apps/server/src/main.ts) with `env`; `ready` once it says it is running. */
export function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (/running: http/.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${signal ?? code}):\n${output.slice(-2000)}`)),
    );
  });
  ready.catch(() => {});
  return { child, ready, output: () => output };
}

/**
 * One HTTP request on `agent`: its status and body text. An error carries `reused`: the request went out
 * on a kept-alive connection (a reset then may be the server closing it as the request left).
 */
export function exchange(url, { agent, method = 'GET', headers = {}, raw, timeoutMs = 30_000 }) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        timeout: timeoutMs,
        headers: raw === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(raw) },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => reject(Object.assign(error, { reused: request.reusedSocket })));
    request.end(raw);
  });
}

/**
 * One signed seamless-wallet call as the game provider sends it (docs/game-provider-api.md): a fresh
 * request id each time, so sending the same body again is a retry, not a replay.
 */
export function walletPoster({ base, secret, agent, timeoutMs = 10_000 }) {
  return (kind, body) => {
    const pathname = `/api/provider-wallet/${kind}`;
    const raw = JSON.stringify(body);
    const requestId = randomUUID();
    const timestamp = Date.now();
    const mac = createHmac('sha256', secret)
      .update(`v1\n${timestamp}\n${requestId}\nPOST\n${pathname}\n`)
      .update(raw)
      .digest('hex');
    return exchange(`${base}${pathname}`, {
      agent,
      method: 'POST',
      timeoutMs,
      raw,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': `t=${timestamp},v1=${mac}`,
      },
    });
  };
}

/**
 * The ledger audit on the database itself: every account equals the sum of its ledger (real and bonus
 * apart), nothing negative, every transaction id and ledger key applied once, no round both rolled back
 * and paid, no refused bet debited, every outbox event delivered; and, given `expected` (game session
 * token → the balance the provider's definite answers add up to), each account as the provider heard it.
 */
export async function auditLedger(db, expected = new Map()) {
  const one = async (text, params = []) => (await db.query(text, params)).rows;
  const audit = {};
  audit.accountsOffLedger = (
    await one(`select a.id from wallet_accounts a
                 left join (select account_id, sum(real_delta) r, sum(bonus_delta) b, sum(locked_delta) k
                              from ledger_entries group by account_id) l
                   on l.account_id = a.id
                where a.real_balance <> coalesce(l.r, 0) or a.bonus_balance <> coalesce(l.b, 0)
                   or a.locked_balance <> coalesce(l.k, 0)`)
  ).length;
  // Double entry (docs/books.md): per currency every leg of every transfer sums to zero, and every entry
  // names a counterparty of a known kind.
  const books = await one(`select to_regproc('wallet_postings') is not null as ok`);
  if (books[0]?.ok) {
    audit.currenciesOffZero = (
      await one(
        `select currency from wallet_postings('-infinity', 'infinity') group by currency having sum(amount) <> 0`,
      )
    ).length;
    audit.entriesWithoutCounterparty = (
      await one(`select id from ledger_entries
                  where counterparty !~ '^(adjustment|internal|(casino|sports|psp):[^/]+/.+|bonus:.+)$'`)
    ).length;
  }
  audit.negativeBalances = (
    await one(`select id from wallet_accounts where real_balance < 0 or bonus_balance < 0`)
  ).length;
  audit.transactionsAppliedTwice = (
    await one(`select provider_tx_id from game_transactions group by provider_tx_id having count(*) > 1`)
  ).length;
  audit.ledgerKeysTwice = (
    await one(`select idempotency_key from ledger_entries group by 1 having count(*) > 1`)
  ).length;
  // One pass over the transactions (two correlated EXISTS per round took over 10 minutes at 100,000 calls).
  audit.roundsRolledBackAndPaid = (
    await one(`select round_id from game_transactions
                group by round_id
                having bool_or(kind = 'bet' and status = 'rolled_back')
                   and bool_or(kind = 'win' and status = 'applied' and amount_minor > 0)`)
  ).length;
  audit.betsRefusedButDebited = (
    await one(`select t.id from game_transactions t join ledger_entries l on l.idempotency_key = 'game:' || t.provider_tx_id
                where t.kind = 'bet' and t.status = 'refused'`)
  ).length;
  // Every event delivered: each lane's cursor reaches the last event (waiting a little for the dispatcher).
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await one(`select count(*)::int as behind from outbox_cursors c
                               where exists (select 1 from outbox o where (o.tx, o.id) > (c.tx, c.position))`);
    audit.lanesBehind = row.behind;
    if (row.behind === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  let mismatched = 0;
  for (const [token, balance] of expected) {
    const [row] = await one(
      `select a.real_balance + a.bonus_balance as balance from wallet_accounts a join game_sessions g on g.account_id = a.id where g.token = $1`,
      [token],
    );
    if (Number(row.balance) !== balance) mismatched++;
  }
  audit.accountsOffWhatTheProviderHeard = mismatched;
  return audit;
}
