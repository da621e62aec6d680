import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('the Node.js promise of the README', () => {
  it('every installed package runs on the oldest Node the project declares', () => {
    const floor = semver.minVersion(read('package.json').engines.node)!.version;
    expect(floor).toBe('20.19.0');
    const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: string } | string[] }>;
    const refusing = Object.entries(packages)
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range && !semver.satisfies(floor, range))
      .map(([name, range]) => `${name.replace(/^.*node_modules\//, '')} needs node ${range}`);
    expect(refusing).toEqual([]);
  });
});
