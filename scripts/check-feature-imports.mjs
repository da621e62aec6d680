// Part of `npm run lint`: a web feature reaches another feature only through its surface (index.ts,
// page.ts, modals.ts). oxlint's no-restricted-imports fences the `@/features/…` paths; a relative
// path (`../wallet/use-money.ts`) escapes it, so this resolves every relative import of a feature's
// files and refuses one that lands inside another feature. Tests are free to reach in, as in oxlint.
import fs from 'node:fs';
import path from 'node:path';

const features = path.resolve(import.meta.dirname, '../apps/web/src/features');
const SURFACE = new Set(['index.ts', 'page.ts', 'modals.ts']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
const isTest = (file) => /\.test\.tsx?$|[\\/](test-support\.tsx|test-fixtures\.ts)$/.test(file);

const problems = [];
for (const feature of fs.readdirSync(features, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const home = path.join(features, feature.name);
  for (const file of fs.readdirSync(home, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(home, file);
    if (!/\.tsx?$/.test(file) || isTest(full)) continue;
    for (const [, specifier] of fs.readFileSync(full, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(full), specifier);
      const [other, ...rest] = path.relative(features, target).split(path.sep);
      if (other === '..' || other === feature.name) continue;
      if (rest.length === 1 && SURFACE.has(rest[0])) continue;
      problems.push(`${path.relative(process.cwd(), full)}: '${specifier}' reaches into the ${other} feature`);
    }
  }
}
if (problems.length) {
  console.error(
    `${problems.join('\n')}\n\nA feature is reached through its index.ts (page.ts, modals.ts), never its other files.`,
  );
  process.exit(1);
}
