import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The embedded setup needs no configuration, so it makes its own signing secret on first start and
 * keeps it (mode 0600) in the data folder; servers with DATABASE_URL get JWT_SECRET from the environment.
 */
export function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  } catch {
    // first start
  }
  const jwtSecret = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
  return jwtSecret;
}

export type OpsEndpoint = { pid: number; url: string; secret: string };

/** Where the running server tells the local ops CLI how to reach it (loopback URL and a per-start secret). */
export const opsEndpointFile = (dataDir: string) => path.join(dataDir, 'ops-endpoint.json');

export function writeOpsEndpoint(dataDir: string, endpoint: OpsEndpoint) {
  fs.writeFileSync(opsEndpointFile(dataDir), JSON.stringify(endpoint), { mode: 0o600 });
}

export function readOpsEndpoint(dataDir: string): OpsEndpoint | null {
  try {
    return JSON.parse(fs.readFileSync(opsEndpointFile(dataDir), 'utf8')) as OpsEndpoint;
  } catch {
    return null;
  }
}

export const newOpsSecret = () => randomBytes(24).toString('base64url');
