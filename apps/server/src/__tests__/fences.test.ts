import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint fences of the server are derived from its folders: every module under src/modules is
 * fenced (a new module must be added to .oxlintrc.json), and the fences really fail lint. Fixtures
 * are linted with the repository's config in a copy of the tree's layout under the temp folder, so a
 * failing fixture never sits in the shared working tree while someone else lints it.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CONFIG_FILE = path.join(ROOT, '.oxlintrc.json');
const OXLINT = path.join(ROOT, 'node_modules/.bin/oxlint');
const MODULES = 'apps/server/src/modules';

type Pattern = { group: string[]; message: string };
type Override = { files: string[]; rules: Record<string, unknown> };

const config = JSON.parse(fs.readFileSync(CONFIG_FILE, 'utf8')) as { overrides: Override[] };
const modules = fs
  .readdirSync(path.join(ROOT, MODULES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .toSorted();

/** The group of the override for exactly these files that fences modules from each other. */
function moduleGroup(files: string): string[] {
  const override = config.overrides.find((o) => o.files.length === 1 && o.files[0] === files);
  const rule = override?.rules['no-restricted-imports'] as [string, { patterns: Pattern[] }] | undefined;
  const pattern = rule?.[1].patterns.find((p) => p.group.some((g) => g.endsWith('/index.ts')));
  if (!pattern) throw new Error(`No module fence for ${files} in .oxlintrc.json`);
  return pattern.group;
}

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

beforeAll(() => {
  mirror = fs.mkdtempSync(path.join(os.tmpdir(), 'fences-'));
  fs.copyFileSync(CONFIG_FILE, path.join(mirror, '.oxlintrc.json'));
});
afterAll(() => {
  if (mirror) fs.rmSync(mirror, { recursive: true, force: true });
});

describe('module fences list exactly the modules there are', () => {
  it('between modules: each module is reached through its index.ts only', () => {
    expect(moduleGroup(`${MODULES}/**`).toSorted()).toEqual(
      modules.flatMap((m) => [`**/${m}/**`, `!**/${m}/index.ts`]).toSorted(),
    );
  });

  it("between tables: a module's tables reference other modules' tables only", () => {
    expect(moduleGroup(`${MODULES}/**/tables.ts`).toSorted()).toEqual(
      modules.flatMap((m) => [`**/${m}/**`, `!**/${m}/index.ts`, `!**/${m}/tables.ts`]).toSorted(),
    );
  });
});

describe('the fences fail lint', () => {
  it('refuses a module importing another module past its index.ts, and allows the index', () => {
    const inPlayer = `${MODULES}/player/fence-fixture.ts`;
    const deep = lint(inPlayer, "import { x } from '../kyc/service.ts';\nexport const y = x;\n");
    expect(deep.failed).toBe(true);
    expect(deep.output).toContain('no-restricted-imports');
    expect(lint(inPlayer, "import { x } from '../kyc/index.ts';\nexport const y = x;\n")).toMatchObject({
      failed: false,
    });
  });

  it('refuses a deep import of every module but the importer itself', () => {
    const [importer, ...others] = modules;
    const source = others.map((m, i) => `export { x as x${i} } from '../${m}/service.ts';\n`).join('');
    const { output } = lint(`${MODULES}/${importer}/fence-fixture.ts`, source);
    expect(output.match(/no-restricted-imports/g)?.length).toBe(others.length);
  });

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
