import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-process-'));
const children: ChildProcess[] = [];

function startProcess(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 180_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const started = Date.now();
      const tick = setInterval(() => {
        const match = pattern.exec(output);
        if (match) {
          clearInterval(tick);
          resolve(match);
        } else if (Date.now() - started > timeoutMs || child.exitCode !== null) {
          clearInterval(tick);
          reject(new Error(`did not see ${pattern} in:\n${output}`));
        }
      }, 50);
    });
  return { child, exited, waitFor, output: () => output };
}

/** A GET on a connection of its own (fetch keeps one open, and the cluster hands out connections, not requests). */
const getOnNewConnection = (url: string) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on the embedded database, refuses a second process on the same data dir, and stops cleanly on Ctrl-C', async () => {
    const first = startProcess();
    const [, url] = await first.waitFor(/running: (http:\/\/\S+)/);
    const health = await fetch(`${url!.replace('localhost', '127.0.0.1')}/api/ready`);
    expect(health.status).toBe(200);

    const second = startProcess();
    expect(await second.exited).toBe(3);
    expect(second.output()).toMatch(/already in use by process \d+/);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 240_000);

  it('stops within its deadline when its output is a full pipe nobody reads', async () => {
    // Before: the stop's last line (console, synchronous on a pipe) or pino's exit hook waited for
    // the reader for ever; the process kept its port, answered nothing and ignored SIGTERM.
    const port = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-deaf-')),
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    });
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}/api/health`;
    const until = Date.now() + 180_000;
    while (
      !(await fetch(url).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > until || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Each request logs a line or two: far more than a pipe holds (64 KiB).
    for (let i = 0; i < 600; i++) expect((await fetch(url)).status).toBe(200);
    const stopped = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('hung'), 20_000))]);
    expect(code).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(12_000);
  }, 240_000);

  it('explains a bad configuration value and exits', async () => {
    const bad = startProcess({ PORT: 'eighty', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-bad-')) });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/PORT/);
  });

  it('refuses several processes on the embedded database', async () => {
    const many = startProcess({ PROCESSES: '2', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-many-')) });
    expect(await many.exited).toBe(2);
    expect(many.output()).toMatch(/PROCESSES: several processes need DATABASE_URL and REDIS_URL/);
  });

  it('refuses demo defaults in production', async () => {
    const prod = startProcess({
      NODE_ENV: 'production',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-prod-')),
    });
    expect(await prod.exited).toBe(2);
    expect(prod.output()).toMatch(/JWT_SECRET: required in production/);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('several server processes on one port', () => {
  it('PROCESSES=2 starts two processes that both answer, and Ctrl-C stops both cleanly', async () => {
    const { createTestDatabase } = await import('../test/server.ts');
    const database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    const node = startProcess({
      PROCESSES: '2',
      DATABASE_URL: url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: `processes-${process.pid}:`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casino-processes-')),
    });
    try {
      const [, base] = await node.waitFor(/running: (http:\/\/\S+)/);
      await node.waitFor(/2 server processes share the port/);
      // Each process reports its own start time (the second starts once the first listens, seconds
      // later): connections are spread over both.
      const starts = new Set<string>();
      for (let i = 0; i < 20 && starts.size < 2; i++) {
        const text = await getOnNewConnection(`${base!.replace('localhost', '127.0.0.1')}/metrics`);
        starts.add(/process_start_time_seconds (\d+)/.exec(text)?.[1] ?? '');
      }
      expect(starts.size).toBe(2);
      node.child.kill('SIGINT');
      expect(await node.exited).toBe(0);
      expect(node.output().match(/Stopped cleanly/g)?.length).toBe(2);
    } finally {
      await database.close();
    }
  }, 300_000);
});

describe.runIf(process.env.DATABASE_URL)('the server process on PostgreSQL', () => {
  it("answers the operator's payment commands on this machine (an authenticated loopback path)", async () => {
    const { createTestDatabase } = await import('../test/server.ts');
    const database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-pg-process-'));
    const node = startProcess({ DATABASE_URL: url, DATA_DIR: folder, REDIS_URL: process.env.REDIS_URL ?? '' });
    try {
      await node.waitFor(/running: (http:\/\/\S+)/);
      const ops = (args: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
          execFile(
            process.execPath,
            ['--import', 'tsx', path.resolve(import.meta.dirname, '../ops/cli.ts'), ...args],
            { env: { ...process.env, DATABASE_URL: url, DATA_DIR: folder, LOG_LEVEL: 'silent' }, timeout: 120_000 },
            (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
          );
        });
      const list = await ops(['withdrawals', 'list']);
      expect(list).toMatchObject({ code: 0, stdout: 'No pending withdrawals.' });
      // A real "not found" says so; it is not mistaken for a server that did not answer.
      const missing = await ops(['deposits', 'confirm', '999999']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/not found|no deposit/i);
      expect(missing.stderr).not.toMatch(/did not answer|No server runs/);
    } finally {
      node.child.kill('SIGINT');
      await node.exited;
      expect(fs.existsSync(path.join(folder, 'ops-endpoint.json'))).toBe(false);
      await database.close();
    }
  }, 300_000);
});
