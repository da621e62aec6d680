import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedCatalogue } from '../modules/game/index.ts';

/**
 * A fresh embedded database costs ~3 s to create; a migrated (and catalogue-seeded) snapshot loads in ~0.6 s.
 * Made once per run, then every test file opens its own copy (see test/server.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const database = await openDatabase({ dataDir: null });
  await prepareDatabase(database);
  // Every node seeds the catalogue on start; done once here, each test file finds it current.
  await seedCatalogue(database.db);
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
  }
}
