import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** npm packages stay imports (resolved from the server's node_modules); the workspace's own are bundled. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@casino/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The ops CLI (apps/server/src/ops/cli.ts) in one file, built once per run. Started through tsx every
 * call cost ~3.4 CPU-s of module loading (≈100 calls: a tenth of the journeys' CPU); bundled, ~1 s. The
 * same source, parsed and run the same way; it only ever talks to the running server here (its paths
 * to migrations and content, taken from the file's own place, are used only with no server running).
 */
export async function bundleOpsCli(): Promise<string> {
  const outfile = path.join(root, 'apps/server/.tmp/ops-cli.mjs');
  await build({
    entryPoints: [path.join(root, 'apps/server/src/ops/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesOutside],
    logLevel: 'warning',
  });
  return outfile;
}
