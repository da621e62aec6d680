// The Node.js versions the product is built and tested on: package.json `engines`, checked before
// anything runs, so an older Node fails with this line instead of an obscure error deep in a build.
import fs from 'node:fs';
import path from 'node:path';

export function checkNode() {
  const { engines } = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'));
  const [major, minor] = engines.node
    .replace(/^>=\s*/, '')
    .split('.')
    .map(Number);
  const [haveMajor, haveMinor] = process.versions.node.split('.').map(Number);
  if (haveMajor < major || (haveMajor === major && haveMinor < minor)) {
    console.error(`This needs Node.js ${engines.node}; this is ${process.versions.node}. Install a newer Node.js.`);
    process.exit(1);
  }
}
