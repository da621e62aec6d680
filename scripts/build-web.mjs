// Builds the SPA when its sources are newer than the last build, then writes .br/.gz next to the
// text assets so the server sends them pre-compressed (compressing on every request costs CPU and LCP).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const stamp = path.join(dist, '.build-stamp');
const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(web, 'index.html'), path.join(web, 'vite.config.ts'), path.join(web, 'package.json'), path.join(root, 'packages/contracts/src')];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!fs.existsSync(stamp)) return true;
  return Math.max(...sources.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
}

function compressAssets(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAssets(file);
    else if (/\.(js|css|html|svg|json|webmanifest|txt)$/.test(entry.name) && fs.statSync(file).size > 1024) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

export function buildWeb({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return false;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web build failed.');
    process.exit(result.status ?? 1);
  }
  compressAssets(dist);
  fs.writeFileSync(stamp, new Date().toISOString());
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWeb({ force: process.argv.includes('--force') });
