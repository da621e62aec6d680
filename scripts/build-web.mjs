// Builds the SPA and the sandbox game front ends when their sources are newer than their last build,
// then writes .br/.gz next to the text assets so the server sends them pre-compressed (compressing on
// every request costs CPU and LCP).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const contracts = path.join(root, 'packages/contracts/src');

const web = path.join(root, 'apps/web');
const admin = path.join(root, 'apps/admin');
const games = path.join(root, 'packages/games');

/** One Vite app: its workspace, output folder and everything its build reads. */
const targets = {
  web: {
    label: 'the web app',
    workspace: 'apps/web',
    dist: path.join(web, 'dist'),
    sources: [
      path.join(web, 'src'),
      path.join(web, 'public'),
      path.join(web, 'index.html'),
      path.join(web, 'vite.config.ts'),
      path.join(web, 'build'),
      path.join(web, 'package.json'),
      contracts,
      path.join(root, 'scripts/prerender-home.mjs'),
    ],
    after: () => prerenderHome(),
  },
  admin: {
    label: 'the back office',
    workspace: 'apps/admin',
    dist: path.join(admin, 'dist'),
    sources: [
      path.join(admin, 'src'),
      path.join(admin, 'index.html'),
      path.join(admin, 'vite.config.ts'),
      path.join(admin, 'package.json'),
      contracts,
    ],
  },
  games: {
    label: 'the sandbox games',
    workspace: 'packages/games',
    dist: path.join(games, 'dist'),
    // The engines (src/engines) are bundled into the pages too, so they count as sources.
    sources: [
      path.join(games, 'src'),
      ...fs
        .readdirSync(games)
        .filter((file) => file.endsWith('.html'))
        .map((page) => path.join(games, page)),
      path.join(games, 'vite.config.ts'),
      path.join(games, 'package.json'),
    ],
  },
};

const stampOf = (target) => path.join(target.dist, '.build-stamp');

/**
 * Writes dist/home.html: index.html with the home page's first screen rendered into #root and no
 * splash, served for `/` so the first paint needs no script. Rendered in this process with a DOM
 * stand-in (the same components, in the default locale, as a visitor before any data arrives).
 */
function prerenderHome() {
  const out = path.join(web, 'dist-ssr');
  const ssr = spawnSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  if (ssr.status !== 0) {
    console.error('The prerender build failed.');
    process.exit(ssr.status ?? 1);
  }
  const render = spawnSync(process.execPath, [path.join(root, 'scripts/prerender-home.mjs'), out, targets.web.dist], {
    cwd: web,
    stdio: 'inherit',
  });
  fs.rmSync(out, { recursive: true, force: true });
  if (render.status !== 0) {
    console.error('The home page prerender failed.');
    process.exit(render.status ?? 1);
  }
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(target) {
  const stamp = stampOf(target);
  if (!fs.existsSync(stamp)) return true;
  return Math.max(...target.sources.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
}

function compressAssets(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAssets(file);
    else if (/\.(js|css|html|svg|json|webmanifest|txt)$/.test(entry.name) && fs.statSync(file).size > 1024) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

function build(target, force) {
  if (!force && !isStale(target)) return false;
  console.log(`Building ${target.label}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace, '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`The build of ${target.label} failed.`);
    process.exit(result.status ?? 1);
  }
  target.after?.();
  compressAssets(target.dist);
  fs.writeFileSync(stampOf(target), new Date().toISOString());
  return true;
}

/** Builds whatever is stale of the SPA, the back office and the game front ends; true when anything was built. */
export function buildWeb({ force = false } = {}) {
  const builtWeb = build(targets.web, force);
  const builtAdmin = build(targets.admin, force);
  const builtGames = build(targets.games, force);
  return builtWeb || builtAdmin || builtGames;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWeb({ force: process.argv.includes('--force') });
