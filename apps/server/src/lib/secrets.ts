import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The signing secret an embedded install of an earlier version kept in DATA_DIR/secrets.json: taken
 * over into the database once, so players stay signed in across the upgrade.
 */
export function legacyJwtSecret(dataDir: string): string | undefined {
  try {
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { jwtSecret?: string };
    return stored.jwtSecret && stored.jwtSecret.length >= 32 ? stored.jwtSecret : undefined;
  } catch {
    return undefined;
  }
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
