import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The fences of the server really fail lint. The module fence is derived from the folders by
 * scripts/check-fences.mjs (every module under src/modules, a new one too, with no list to edit); the
 * others are oxlint rules. Fixtures are checked in a copy of the tree's layout under the temp folder,
 * so a failing fixture never sits in the shared working tree while someone else lints it.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CONFIG_FILE = path.join(ROOT, '.oxlintrc.json');
const OXLINT = path.join(ROOT, 'node_modules/.bin/oxlint');
const MODULES = 'apps/server/src/modules';

const modules = fs
  .readdirSync(path.join(ROOT, MODULES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .toSorted();

let mirror: string;

/** Lints one file written at `relative` in a copy of the layout, with the repository's config. */
function lint(relative: string, source: string): { failed: boolean; output: string } {
  const file = path.join(mirror, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, source);
  try {
    const run = spawnSync(OXLINT, ['-c', '.oxlintrc.json', '--deny-warnings', relative], {
      cwd: mirror,
      encoding: 'utf8',
    });
    if (run.error) throw run.error;
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(file);
  }
}

/** Runs the folder fences over a tree of only these files (and one empty folder per module). */
function fence(files: Record<string, string>): { failed: boolean; output: string } {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'fence-tree-'));
  try {
    for (const m of modules) fs.mkdirSync(path.join(tree, MODULES, m), { recursive: true });
    for (const [relative, source] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(tree, relative)), { recursive: true });
      fs.writeFileSync(path.join(tree, relative), source);
    }
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/check-fences.mjs'), tree], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

beforeAll(() => {
  mirror = fs.mkdtempSync(path.join(os.tmpdir(), 'fences-'));
  fs.copyFileSync(CONFIG_FILE, path.join(mirror, '.oxlintrc.json'));
});
afterAll(() => {
  if (mirror) fs.rmSync(mirror, { recursive: true, force: true });
});

describe('the module fence (scripts/check-fences.mjs) is derived from the folders', () => {
  it('refuses a module importing another module past its index.ts, and allows the index', () => {
    const inPlayer = `${MODULES}/player/fence-fixture.ts`;
    const deep = fence({ [inPlayer]: "import { x } from '../kyc/service.ts';\nexport const y = x;\n" });
    expect(deep.failed).toBe(true);
    expect(deep.output).toContain("'../kyc/service.ts' reaches into the kyc module");
    expect(fence({ [inPlayer]: "import { x } from '../kyc/index.ts';\nexport const y = x;\n" }).failed).toBe(false);
  });

  it('fences every module, a new one too, without listing it anywhere', () => {
    const [importer, ...others] = [...modules, 'brand-new'];
    const source = others.map((m, i) => `export { x as x${i} } from '../${m}/service.ts';\n`).join('');
    const { output } = fence({ [`${MODULES}/${importer}/fence-fixture.ts`]: source });
    expect(output.match(/reaches into the [\w-]+ module/g)?.length).toBe(others.length);
  });

  it("lets a module's tables reference another module's tables (foreign keys), and nothing else of it", () => {
    const tables = `${MODULES}/bonus/tables.ts`;
    expect(fence({ [tables]: "export { players } from '../player/tables.ts';\n" }).failed).toBe(false);
    expect(fence({ [tables]: "export { x } from '../player/service.ts';\n" }).failed).toBe(true);
    expect(fence({ [`${MODULES}/bonus/service.ts`]: "export { players } from '../player/tables.ts';\n" }).failed).toBe(
      true,
    );
  });
});

describe('the fences fail lint', () => {
  it('refuses a raw transaction outside the outbox and db folders', () => {
    const source = [
      "import type { Db } from '../../db/client.ts';",
      'export const work = (db: Db) => db.transaction(async () => 1);',
      '',
    ].join('\n');
    const raw = lint(`${MODULES}/wallet/fence-fixture.ts`, source);
    expect(raw.failed).toBe(true);
    expect(raw.output).toContain('no-restricted-properties');
    expect(lint('apps/server/src/ops/fence-fixture.ts', source.replace('../../', '../')).failed).toBe(true);
    // The unit of work and the database layer are where transactions are opened.
    expect(lint('apps/server/src/outbox/fence-fixture.ts', source.replace('../../', '../')).failed).toBe(false);
    expect(lint('apps/server/src/db/fence-fixture.ts', source.replace('../../db/', './')).failed).toBe(false);
  });
});
