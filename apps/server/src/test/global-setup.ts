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
 * test/server.ts): an embedded database costs ~3 s to create and migrate, a snapshot loads in ~0.6 s;
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
  // Every file loads the dump: with old WAL segments removed rather than kept for reuse, and a
  // checkpoint before it, the dump holds one 16 MB segment instead of two (69 → 53 MB).
  const database = await openDatabase({ dataDir: null, settings: { wal_recycle: 'off', min_wal_size: '32MB' } });
  await prepareTemplate(database);
  await database.exec('checkpoint');
  const dump = await database.dump!();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casino-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
