// Part of `npm run lint`: the fences whose members are folders, derived from the folders themselves so
// a new server module or web feature is fenced without being listed anywhere (oxlint's
// no-restricted-imports needs every name spelled out). Every relative import of a non-test file is
// resolved, and one that lands inside another member is refused unless it is that member's surface:
// - a server module (apps/server/src/modules/<m>) is reached through its index.ts; its tables.ts may
//   also reference another module's tables.ts (foreign keys);
// - a web feature (apps/web/src/features/<f>) through its index.ts, page.ts or modals.ts (oxlint fences
//   the `@/features/…` paths; a relative path escapes that).
// `node scripts/check-fences.mjs [root]` checks the tree at root (default: this repository).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
const isTest = (file) =>
  /\.test\.tsx?$|[\\/](test-support\.tsx|test-fixtures\.ts)$/.test(file) || /[\\/]__tests__[\\/]/.test(file);

const fences = [
  {
    folder: 'apps/server/src/modules',
    kind: 'module',
    allowed: (importer, rest) =>
      rest.length === 1 &&
      (rest[0] === 'index.ts' || (rest[0] === 'tables.ts' && path.basename(importer) === 'tables.ts')),
    rule: "A module is reached through its index.ts (a module's tables.ts may reference another's tables.ts).",
  },
  {
    folder: 'apps/web/src/features',
    kind: 'feature',
    allowed: (_importer, rest) => rest.length === 1 && ['index.ts', 'page.ts', 'modals.ts'].includes(rest[0]),
    rule: 'A feature is reached through its index.ts (page.ts, modals.ts), never its other files.',
  },
];

const problems = [];
for (const fence of fences) {
  const home = path.join(root, fence.folder);
  if (!fs.existsSync(home)) continue;
  for (const member of fs.readdirSync(home, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const own = path.join(home, member.name);
    for (const file of fs.readdirSync(own, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(own, file);
      if (!/\.tsx?$/.test(file) || isTest(full)) continue;
      for (const [, specifier] of fs.readFileSync(full, 'utf8').matchAll(IMPORT)) {
        const target = path.resolve(path.dirname(full), specifier);
        const [other, ...rest] = path.relative(home, target).split(path.sep);
        if (other === '..' || other === member.name || fence.allowed(full, rest)) continue;
        problems.push(
          `${path.relative(root, full)}: '${specifier}' reaches into the ${other} ${fence.kind}\n  ${fence.rule}`,
        );
      }
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
