// The ops CLI (apps/server/src/ops/cli.ts) in one file, for callers that run it many times: the
// journeys (≈100 calls a run) and the CLI's own tests. Started through tsx, every call paid ~3.4 CPU-s
// of module loading; bundled, ~1 s. The same source, parsed and run the same way. Operators keep
// `npm run ops` (tsx): one call now and then needs no build step.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'apps/server/src');

/** npm packages stay imports (resolved from the server's node_modules); the workspace's own are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@casino/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Each server module finds its files (migrations, content, SQL source) from its own folder:
 * `import.meta.dirname` becomes that folder, written out, so the bundle finds them wherever it lies.
 */
const ownFolders = {
  name: 'own-folders',
  setup(on) {
    on.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(serverSrc)) return undefined;
      const source = fs.readFileSync(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))),
        loader: 'ts',
      };
    });
  },
};

/** Builds the bundle into `outfile` (under apps/server, so its npm imports resolve) and returns its path. */
export async function bundleOpsCli(outfile = path.join(root, 'apps/server/.tmp/ops-cli.mjs')) {
  await build({
    entryPoints: [path.join(serverSrc, 'ops/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesOutside, ownFolders],
    logLevel: 'warning',
  });
  return outfile;
}
