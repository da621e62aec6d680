import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedCatalogue } from '../modules/game/index.ts';
import { adminQuery } from './postgres.ts';

/** Migrated, with the reference data, and the catalogue every node seeds on start (each file finds it current). */
async function prepareTemplate(database: Database) {
  await prepareDatabase(database);
  await seedCatalogue(database.db);
}

/**
 * Every test file gets a database of its own, copied from one template made once per run (see
 * test/server.ts): an embedded database costs ~3 s to create and migrate, a copy of its data directory
 * opens in ~0.74 CPU-s on a slow machine;
 * on a PostgreSQL server `CREATE DATABASE … TEMPLATE` copies files instead of running every migration
 * and seeding the catalogue again.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await prepareTemplate(database);
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  // A data directory on tmpfs where there is one: each file copies it (cpSync) and opens the copy, 0.74
  // CPU-s here against 1.4–2.1 for untarring a dump into PGlite's in-memory file system. Old WAL segments
  // are removed rather than kept for reuse, and a checkpoint comes first: each copy holds one 16 MB segment.
  const dir = fs.mkdtempSync(path.join(fastTmp(), 'casino-test-'));
  const template = path.join(dir, 'template');
  const database = await openDatabase({ dataDir: template, settings: { wal_recycle: 'off', min_wal_size: '32MB' } });
  await prepareTemplate(database);
  await database.exec('checkpoint');
  await database.close();
  project.provide('pgliteTemplate', template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** /dev/shm (memory) when it can be written, else the system's temporary folder. */
function fastTmp() {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
