// Writes the build's version into index.html (<meta name="build-id">), the build manifest
// (builds/latest.json, which open tabs poll to notice a deploy) and the service worker (sw.js, from
// build/sw.js with the version and the shell files to precache). The version is a hash of everything the
// build ships, so rebuilding the same sources gives the same version and no open tab is asked to reload.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const TEMPLATE = path.join(import.meta.dirname, 'sw.js');
/** Public files the offline page and an installed app need (their paths from the site root). */
const PUBLIC_SHELL = ['/offline.html', '/offline.js', '/favicon.svg', '/manifest.webmanifest', '/icon-192.png'];

function publicFiles(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? publicFiles(file, base) : [file];
  });
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'casino:service-worker',
    apply: 'build',
    // After Vite's own HTML step, so index.html in the bundle is final.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      // The prerender's SSR build ships no pages.
      if (config.build.ssr) return;
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset' || typeof index.source !== 'string') return;

      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) if (!name.endsWith('.map')) hash.update(`${name}\n`);
      hash.update(index.source).update(fs.readFileSync(TEMPLATE));
      for (const file of publicFiles(config.publicDir).sort()) hash.update(file).update(fs.readFileSync(file));
      const version = hash.digest('hex').slice(0, 12);

      const shell = PUBLIC_SHELL.filter((file) => fs.existsSync(path.join(config.publicDir, file)));

      index.source = index.source.replace('</head>', `  <meta name="build-id" content="${version}" />\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: `${JSON.stringify({ version })}\n` });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: fs
          .readFileSync(TEMPLATE, 'utf8')
          .replace('__BUILD_VERSION__', version)
          .replace('__PRECACHE__', JSON.stringify(shell)),
      });
    },
  };
}
