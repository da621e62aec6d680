import { describe, expect, it } from 'vitest';

// Every source file of the features, as text. Tests and their helpers are left out: they may reach
// any feature (fixtures, fakes) without coupling the features at run time.
const sources = import.meta.glob<string>(
  ['../features/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/test-support.tsx', '!**/test-fixtures.ts'],
  { query: '?raw', import: 'default', eager: true },
);

/** `a/b/../c` → `a/c`; a leading `..` stays. */
function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '.' || part === '') continue;
    if (part === '..' && out.length > 0 && out.at(-1) !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

const featureOfPath = (path: string) => /^\.\.\/features\/([^/.]+)(?:\/|$)/.exec(path)?.[1] ?? null;

/**
 * The features a file (`../features/<name>/…`, as the glob names it) imports: static, type-only,
 * re-exported and dynamic `import()` alike, by alias (`@/features/x`) or by relative path (`../x`).
 */
function featureImports(file: string, source: string): string[] {
  const own = featureOfPath(file);
  const found = new Set<string>();
  for (const [, spec] of source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const alias = /^@\/features\/([^/.]+)/.exec(spec!)?.[1];
    const target = alias ?? (spec!.startsWith('.') ? featureOfPath(normalise(`${file}/../${spec}`)) : null);
    if (target && target !== own) found.add(target);
  }
  return [...found];
}

/** The cycles a depth-first walk meets, as `a → b → a`: at least one whenever the graph has any. */
function cycles(graph: Record<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      found.push([...path.slice(at), node].join(' → '));
      return;
    }
    if (done.has(node)) return;
    path.push(node);
    for (const next of graph[node] ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of Object.keys(graph).sort()) visit(node);
  return found;
}

function featureGraph(): Record<string, string[]> {
  const graph: Record<string, string[]> = {};
  for (const [file, source] of Object.entries(sources)) {
    const feature = featureOfPath(file);
    if (!feature) continue;
    const edges = new Set([...(graph[feature] ?? []), ...featureImports(file, source)]);
    graph[feature] = [...edges].sort();
  }
  return graph;
}

describe('feature graph', () => {
  it('reads every import form, in and across features', () => {
    const source = [
      "import { a } from '@/features/auth';",
      "import type { W } from '@/features/wallet/index.ts';",
      "export { g } from '../../games/index.ts';",
      "import { m } from '../games/own-folder.ts';",
      "const l = () => import('@/features/limits');",
      "const n = lazy(() => import('../../notifications'));",
      "import './i18n/index.ts';",
      "import { own } from '../launch-plan.ts';",
      "import { s } from '@/shared/lib/socket.ts';",
    ].join('\n');
    expect(featureImports('../features/game-play/modals/x.tsx', source).sort()).toEqual([
      'auth',
      'games',
      'limits',
      'notifications',
      'wallet',
    ]);
  });

  it('finds a cycle however long, and none in a tree', () => {
    expect(cycles({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a → b → c → a']);
    expect(cycles({ a: ['b', 'c'], b: ['c'], c: [] })).toEqual([]);
  });

  it('has no cycle: features never import each other in a circle (app/ composes them)', () => {
    const graph = featureGraph();
    expect(Object.keys(graph).length).toBeGreaterThan(8);
    expect(cycles(graph)).toEqual([]);
  });
});
