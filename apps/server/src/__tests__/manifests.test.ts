import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each module declares what it contributes in its manifest (lib/module.ts), and the app walks the list
 * in module-list.ts. These read the source: a route file that starts background work, or a module with
 * routes that is missing from the list, fails here before it surprises a role or a test.
 */

const SRC = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(SRC, 'modules');

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const routeFiles = filesUnder(MODULES).filter(
  (file) => file.endsWith('routes.ts') || file.includes(`${path.sep}routes${path.sep}`),
);

/** What starts background work: a lane, a publisher or observer, a job, a timer that repeats. */
const BACKGROUND = [
  /\bstartPeriodicJob\b/,
  /\bsetInterval\(/,
  /\boutboxConsumers\b/,
  /\bregisterPublisher\(/,
  /\bonDelivery\(/,
  /\bregister\w*(?:Lane|Consumers?|Push|Pushes|Winnings|Notices)\(/,
];

describe('module manifests', () => {
  it('route files hold HTTP only: no lane, publisher, job or timer starts in one', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    const offending = routeFiles.flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return BACKGROUND.filter((pattern) => pattern.test(source)).map(
        (pattern) => `${path.relative(SRC, file)}: ${pattern.source}`,
      );
    });
    expect(offending).toEqual([]);
  });

  it('every module with routes, settings or commands has a manifest, exported by its index.ts and listed once in module-list.ts', () => {
    const list = fs.readFileSync(path.join(SRC, 'module-list.ts'), 'utf8');
    const contributes = (name: string) =>
      routeFiles.some((file) => file.startsWith(path.join(MODULES, name) + path.sep)) ||
      fs.existsSync(path.join(MODULES, name, 'settings.ts')) ||
      fs.existsSync(path.join(MODULES, name, 'commands.ts'));
    const withRoutes = fs
      .readdirSync(MODULES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter(contributes);
    expect(withRoutes.length).toBeGreaterThan(15);
    const missing = withRoutes.flatMap((name) => {
      const manifest = path.join(MODULES, name, 'manifest.ts');
      if (!fs.existsSync(manifest)) return [`${name}: no manifest.ts`];
      const exported = /export const (\w+Module)\b/.exec(fs.readFileSync(manifest, 'utf8'))?.[1];
      if (!exported) return [`${name}: manifest.ts exports no …Module`];
      const index = fs.readFileSync(path.join(MODULES, name, 'index.ts'), 'utf8');
      if (!index.includes(exported)) return [`${name}: index.ts does not export ${exported}`];
      const uses = list.match(new RegExp(`^\\s+${exported}\\b`, 'gm')) ?? [];
      return uses.length === 1 ? [] : [`${name}: ${exported} is listed ${uses.length} times in module-list.ts`];
    });
    expect(missing).toEqual([]);
  });
});

describe('operator commands from the manifests', () => {
  it('each is listed in help under its own word, and commands sharing a route share its schemas', async () => {
    const { allCommands } = await import('../module-list.ts');
    const commands = allCommands();
    expect(commands.length).toBeGreaterThan(20);
    for (const command of commands) expect(command.usage.startsWith(`  ${command.word} `), command.word).toBe(true);
    const byRoute = new Map<string, (typeof commands)[number]>();
    for (const command of commands) {
      const first = byRoute.get(command.route);
      if (first) expect([first.body, first.result], command.route).toEqual([command.body, command.result]);
      else byRoute.set(command.route, command);
    }
  });
});
