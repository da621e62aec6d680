import fs from 'node:fs';
import { runServer } from '../scripts/run-server.mjs';
import { bundleOpsCli } from '../scripts/ops-bundle.mjs';

/**
 * One real production server for the whole run; tests read its URL and data dir from the environment.
 * The browser stands where a CDN would, so the country header it sends is trusted (TRUST_PROXY).
 *
 * A first server migrates and seeds a database and stops: every server of the run (this one, and those
 * a journey starts for its own settings) starts on a copy of it, ~12 CPU-s instead of ~26.
 */
export default async function globalSetup() {
  // Every server of the run (and those journeys start, in the workers) hashes new passwords at a lower
  // scrypt cost than production's (README, PASSWORD_HASH_COST): journeys sign hundreds of players up.
  process.env.PASSWORD_HASH_COST ??= '1024';
  const [prepared, opsCli] = await Promise.all([runServer(), bundleOpsCli()]);
  await prepared.stop({ keepData: true });
  process.env.E2E_PREPARED_DIR = prepared.dataDir;
  process.env.E2E_OPS_CLI = opsCli;
  // A crypto transfer stays "incoming" for 6 s: long enough for a journey on a loaded machine to see
  // that state (2 s was not: the page showed it credited first), short enough to wait for the credit.
  const server = await runServer({ TRUST_PROXY: '1', CRYPTO_CONFIRM_SECONDS: '6' }, { from: prepared.dataDir });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  };
}
