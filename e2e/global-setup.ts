import { runServer } from '../scripts/run-server.mjs';

/**
 * One real production server for the whole run; tests read its URL and data dir from the environment.
 * The browser stands where a CDN would, so the country header it sends is trusted (TRUST_PROXY).
 */
export default async function globalSetup() {
  const server = await runServer({ TRUST_PROXY: '1', CRYPTO_CONFIRM_SECONDS: '2' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
