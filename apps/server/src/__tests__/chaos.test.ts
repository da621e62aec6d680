import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A small run of `npm run chaos` (bench/chaos.mjs) in the PostgreSQL pass: seamless-wallet calls with
 * duplicates, early rollbacks, voids and wins in open rounds while the server is killed with SIGKILL
 * and started again; the audit must find nothing.
 */
describe.runIf(process.env.DATABASE_URL)('the ledger survives kill -9', () => {
  it('audits clean after 2,000 calls and a kill', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['bench/chaos.mjs', '--calls', '2000', '--workers', '20', '--kills', '1', '--json'],
        { cwd: root, env: process.env, timeout: 240_000, maxBuffer: 1 << 20 },
        (error, out, err) => (error && !out ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      failed: string | null;
      sent: number;
      kills: unknown[];
      stats: { duplicates: number; earlyRollbacks: number };
      audit: Record<string, number>;
    };
    expect(report.failed).toBeNull();
    expect(report.sent).toBeGreaterThanOrEqual(2000);
    expect(report.kills).toHaveLength(1);
    // The mix: 10 % of the calls duplicates, 5 % rollbacks sent before their bet.
    expect(report.stats.duplicates / report.sent).toBeGreaterThan(0.09);
    expect(report.stats.earlyRollbacks / report.sent).toBeGreaterThan(0.045);
    // Double entry too: every currency's legs sum to zero, every entry names its counterparty.
    expect(report.audit).toMatchObject({ currenciesOffZero: 0, entriesWithoutCounterparty: 0 });
    expect(Object.keys(report.audit).length).toBeGreaterThanOrEqual(10);
    expect(Object.entries(report.audit).filter(([, n]) => n !== 0)).toEqual([]);
  }, 300_000);
});
