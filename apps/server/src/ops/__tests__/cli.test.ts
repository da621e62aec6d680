import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { lockDataDir } from '../../db/lock.ts';
import { writeOpsEndpoint } from '../../lib/secrets.ts';
import { players } from '../../modules/player/tables.ts';
import { laneStates } from '../../outbox/index.ts';
import { listAccounts } from '../../modules/wallet/index.ts';
import { authHeader } from '../../modules/wallet/__tests__/factories.ts';
import { createServer } from '../../server.ts';
import { bundleOpsCli } from '../../../../../scripts/ops-bundle.mjs';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

type Run = { code: number; stdout: string; stderr: string };

let bundle: string;

/**
 * Runs the CLI in its own process, against DATA_DIR only (never DATABASE_URL): bundled once for the
 * file (scripts/ops-bundle.mjs, as the journeys run it: ~1 CPU-s a call instead of ~3.4 through tsx),
 * or `{ tsx: true }` as an operator's `npm run ops` starts it.
 */
function cli(args: string[], dataDir: string, { tsx = false } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...(tsx ? ['--import', 'tsx', 'src/ops/cli.ts'] : [bundle]), ...args],
      { cwd: SERVER_DIR, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout: stdout.trim(),
          stderr: stderr.trim(),
        });
      },
    );
  });
}

const configFor = (dataDir: string) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    WEB_DIST: path.join(os.tmpdir(), 'casino-no-web-build'),
  });

let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-cli-'));
  // A file of its own: the journeys may be building theirs at the same time.
  bundle = await bundleOpsCli(path.join(SERVER_DIR, `.tmp/ops-cli-test-${process.pid}.mjs`));
  // A data dir as a first start leaves it: migrated, demo player with 100.00 EUR.
  const server = await createServer(configFor(dataDir));
  await server.close();
}, 180_000);
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bundle, { force: true });
});

describe('ops CLI', () => {
  it('prints usage for help and for no arguments, and fails on an unknown command', async () => {
    // As `npm run ops` starts it; every other call runs the same source bundled.
    const help = await cli(['help'], dataDir, { tsx: true });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('credit <player> <amount> <currency>');
    expect((await cli([], dataDir)).stdout).toContain('Usage:');
    const unknown = await cli(['explode'], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "explode"');
  }, 180_000);

  it('credits through the embedded database when no server runs, and releases the data dir', async () => {
    const run = await cli(['credit', 'demo@example.com', '25', 'EUR'], dataDir);
    expect(run).toMatchObject({ code: 0, stdout: 'Credited 25.00 EUR to demo@example.com; balance 125.00 EUR' });
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const bad = await cli(['credit', 'demo@example.com', '1.001', 'EUR'], dataDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Error: .*at most 2 decimals for EUR$/);
    const nobody = await cli(['credit', 'nobody@example.com', '1', 'EUR'], dataDir);
    expect(nobody).toMatchObject({ code: 1, stderr: 'Error: No player with the e-mail nobody@example.com' });
  }, 180_000);

  it('asks the running server when one holds the data dir; the server keeps its lock and pushes the balance', async () => {
    const server = await createServer(configFor(dataDir));
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      writeOpsEndpoint(dataDir, { pid: process.pid, url: `http://127.0.0.1:${port}`, secret: server.ctx.opsSecret });
      const [demo] = await server.ctx.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.email, 'demo@example.com'));
      // What the CLI wrote while no server ran goes out once one starts.
      await expect
        .poll(async () => (await laneStates(server.ctx.db)).find((l) => l.consumer === 'push')?.behind)
        .toBe(0);
      const received: unknown[] = [];
      await server.ctx.broker.subscribe(`wallet:accounts#${demo!.id}`, (pub) => received.push(pub.data));

      const run = await cli(['credit', 'demo@example.com', '0.5', 'eur', '--reference', 'r-1'], dataDir);
      expect(run).toMatchObject({ code: 0, stdout: 'Credited 0.50 EUR to demo@example.com; balance 125.50 EUR' });
      const replay = await cli(['credit', 'demo@example.com', '0.5', 'EUR', '--reference=r-1'], dataDir);
      expect(replay.stdout).toBe(
        'Already credited 0.50 EUR to demo@example.com with this reference; balance 125.50 EUR',
      );

      const eur = (await listAccounts(server.ctx.db, demo!.id)).find((a) => a.currency === 'EUR');
      expect(eur?.balance).toBe(125.5);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ event: 'account.balance.updated', account: { id: eur!.id, balance: 125.5 } });

      // Without SMTP_URL the mail a player is sent waits in the development mailbox the operator reads.
      await server.app.inject({
        method: 'POST',
        url: '/api/player/passwords/reset',
        payload: { email: 'demo@example.com' },
      });
      await expect
        .poll(async () => (await cli(['mailbox', 'Demo@Example.com'], dataDir)).stdout, { timeout: 60_000 })
        .toMatch(/email {2}kept {2}.+\n[\s\S]*http:\/\/localhost:3000\/password\/reset\/[\w-]{43}/);

      // Each consumer of the events, through the running server: the mail above was filed.
      const events = await cli(['events'], dataDir);
      expect(events.code, events.stderr).toBe(0);
      expect(events.stdout).toMatch(/^messages +\d+ behind {2}0 failures {2}retry at — {2}seen \S+ {2}last error: —$/m);
      expect(events.stdout).toMatch(/^push +\d+ behind {2}0 failures/m);
    } finally {
      await server.close();
      fs.rmSync(path.join(dataDir, 'ops-endpoint.json'), { force: true });
    }
  }, 180_000);

  it('lists waiting bank transfers and withdrawals (player, verification, age) and confirms a deposit by its reference', async () => {
    const server = await createServer(configFor(dataDir));
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      writeOpsEndpoint(dataDir, { pid: process.pid, url: `http://127.0.0.1:${port}`, secret: server.ctx.opsSecret });
      const [demo] = await server.ctx.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.email, 'demo@example.com'));
      const auth = await authHeader(server.ctx, demo!.id);
      // The operator's rule allows this one unverified, so the list can show who is not verified.
      const payment = server.ctx.config.payment as { withdrawalVerification: { rule: string; amount: number } };
      payment.withdrawalVerification = { rule: 'never', amount: 0 };
      const withdrawal = await server.app.inject({
        method: 'POST',
        url: '/api/payment/invoices/withdrawal',
        headers: auth,
        payload: { method: 'bank_transfer', currency: 'EUR', amount: 20, fields: { iban: 'DE89370400440532013000' } },
      });
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      const withdrawals = await cli(['withdrawals', 'list'], dataDir);
      expect(withdrawals.stdout).toMatch(
        /^[\w-]{36} {2}#\d+ {2}demo@example\.com {2}NOT VERIFIED {2}20 EUR {2}bank_transfer {2}waiting for approval {2}just now$/m,
      );

      expect((await cli(['deposits', 'list'], dataDir)).stdout).toBe('No bank transfers waiting.');
      const deposit = await server.app.inject({
        method: 'POST',
        url: '/api/payment/invoices/deposit',
        headers: auth,
        payload: { method: 'bank_transfer', currency: 'EUR', amount: 30 },
      });
      const reference = deposit.json().data.transfer.reference as string;
      const list = await cli(['deposits', 'list'], dataDir);
      expect(list).toMatchObject({ code: 0, stdout: `${reference}  demo@example.com  30 EUR  just now` });

      const unknown = await cli(['deposits', 'confirm', 'DEP-999999'], dataDir);
      expect(unknown).toMatchObject({ code: 1, stderr: 'Error: No deposit with the reference DEP-999999' });
      const confirmed = await cli(['deposits', 'confirm', reference], dataDir);
      expect(confirmed.stdout).toMatch(/^Credited: invoice #\d+ \(30 EUR\), player /);
      expect((await cli(['deposits', 'list'], dataDir)).stdout).toBe('No bank transfers waiting.');
    } finally {
      await server.close();
      fs.rmSync(path.join(dataDir, 'ops-endpoint.json'), { force: true });
    }
  }, 180_000);

  it('reads the mailbox from the embedded database when no server runs', async () => {
    const run = await cli(['mailbox', 'demo@example.com'], dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/password\/reset\/[\w-]{43}/);
    expect((await cli(['mailbox', 'nobody@example.com'], dataDir)).stdout).toBe(
      'No messages to that address or number.',
    );
    expect((await cli(['mailbox'], dataDir)).code).toBe(1);
  }, 180_000);

  it("lists a player's linked accounts (none for the demo player), and says how to name one", async () => {
    const run = await cli(['player', 'links', 'demo@example.com'], dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('demo@example.com has no linked accounts.');
    const unnamed = await cli(['player', 'links'], dataDir);
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr).toMatch(/^player needs links <player>/);
    expect((await cli(['player', 'links', 'nobody@example.com'], dataDir)).stderr).toBe(
      'Error: No player with the e-mail nobody@example.com',
    );
  }, 180_000);

  it('refuses clearly when the data dir is locked by a server that does not answer', async () => {
    const release = lockDataDir(dataDir);
    try {
      writeOpsEndpoint(dataDir, { pid: process.pid, url: 'http://127.0.0.1:9', secret: 'stale' });
      const run = await cli(['credit', 'demo@example.com', '1', 'EUR'], dataDir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`A server (process ${process.pid}) holds ${dataDir} but did not answer`);
    } finally {
      release();
      fs.rmSync(path.join(dataDir, 'ops-endpoint.json'), { force: true });
    }
  }, 180_000);
});

describe.runIf(process.env.DATABASE_URL)('ops CLI on PostgreSQL', () => {
  it('opens the database named by DATABASE_URL itself and credits through the ledger', async () => {
    const { createTestDatabase } = await import('../../test/server.ts');
    const database = await createTestDatabase();
    try {
      const url = (database.pool!.options as { connectionString: string }).connectionString;
      const server = await createServer(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: '1' }),
        { database },
      );
      await server.close();
      const run = await new Promise<Run>((resolve) => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
        delete env.REDIS_URL;
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/ops/cli.ts', 'credit', 'demo@example.com', '5.5', 'EUR'],
          { cwd: SERVER_DIR, env, timeout: 120_000 },
          (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
        );
      });
      expect(run).toMatchObject({ code: 0, stdout: 'Credited 5.50 EUR to demo@example.com; balance 105.50 EUR' });
    } finally {
      await database.close();
    }
  }, 180_000);
});
