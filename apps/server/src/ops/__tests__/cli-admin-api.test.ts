import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOpsEndpoint } from '../../lib/secrets.ts';
import { asStaff, enrolStaff } from '../../modules/staff/__tests__/staff-kit.ts';
import { createPlayer } from '../../modules/wallet/__tests__/factories.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { bundleOpsCli } from '../../../../../scripts/ops-bundle.mjs';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

let server: TestServer;
let dataDir: string;
let bundle: string;

/** The ops CLI in its own process, finding the server by DATA_DIR's endpoint file (the test's database, either kind). */
function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const full: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env };
  delete full.DATABASE_URL;
  delete full.REDIS_URL;
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [bundle, ...args],
      { cwd: SERVER_DIR, env: full, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    ),
  );
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-cli-admin-'));
  bundle = await bundleOpsCli(path.join(SERVER_DIR, `.tmp/ops-cli-admin-${process.pid}.mjs`));
  server = await createTestServer({ FOUR_EYES_ABOVE: '1000' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  writeOpsEndpoint(dataDir, { pid: process.pid, url: `http://127.0.0.1:${port}`, secret: server.ctx.opsSecret });
}, 180_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bundle ?? '', { force: true });
});

type AuditRow = { staff_id: string | null; role: string; action: string; reason: string | null };
const lastAudit = async () =>
  (
    (await server.ctx.db.execute(sql`select * from staff_audit order by id desc limit 1`)) as unknown as {
      rows: AuditRow[];
    }
  ).rows[0]!;

/** An API token of a new staff member of `role`, made from their signed-in session. */
async function tokenOf(role: 'payments' | 'support') {
  const agent = await enrolStaff(server, role);
  const made = await asStaff(server, agent, 'POST', '/api/admin/auth/tokens', { name: 'scripts' });
  return { agent, token: (made.json().data as { token: string }).token };
}

describe('the ops CLI, a client of the admin API', () => {
  it('runs money and queue commands through the admin API, audited as the local operator', async () => {
    const player = await createPlayer(server.ctx.db);
    const run = await cli(['credit', player.email, '12', 'EUR', '--reason', 'goodwill']);
    expect(run).toMatchObject({ code: 0, stdout: `Credited 12.00 EUR to ${player.email}; balance 12.00 EUR` });
    expect(await lastAudit()).toMatchObject({ staff_id: null, role: 'local', action: 'credit', reason: 'goodwill' });
    const queue = await cli(['withdrawals', 'list']);
    expect(queue).toMatchObject({ code: 0, stdout: 'No pending withdrawals.' });
  }, 120_000);

  it('with OPS_TOKEN runs as that staff member: their role, their audit rows, four eyes', async () => {
    const player = await createPlayer(server.ctx.db);
    const payments = await tokenOf('payments');
    const credited = await cli(['credit', player.email, '30', 'EUR', '--reason', 'refund'], {
      OPS_TOKEN: payments.token,
    });
    expect(credited).toMatchObject({ code: 0, stdout: `Credited 30.00 EUR to ${player.email}; balance 30.00 EUR` });
    expect(await lastAudit()).toMatchObject({ staff_id: payments.agent.id, role: 'payments', action: 'credit' });

    const held = await cli(['credit', player.email, '5000', 'EUR'], { OPS_TOKEN: payments.token });
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/^Waiting for a second approver: .*\(approval [0-9a-f-]{36}\)\.$/);

    const support = await tokenOf('support');
    const refused = await cli(['debit', player.email, '1', 'EUR', '--reason', 'x'], { OPS_TOKEN: support.token });
    expect(refused).toMatchObject({ code: 1, stderr: 'Error: Your role (support) may not write Balance' });
    const revoked = await cli(['withdrawals', 'list'], { OPS_TOKEN: 'stf_not-a-token' });
    expect(revoked).toMatchObject({ code: 1, stderr: 'Error: This API token is unknown or revoked' });
  }, 120_000);
});
