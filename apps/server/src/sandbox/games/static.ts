import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { inlineScriptHashes } from '../../lib/csp.ts';

/** Where `npm run build -w @casino/games` puts the game front ends (Vite, base `/sandbox/games/`). */
export const DEFAULT_GAMES_DIST = path.resolve(import.meta.dirname, '../../../../../packages/games/dist');

/**
 * CSP of every provider response. The pages run in a sandboxed iframe of the casino (opaque origin),
 * so everything they load is same-host but cross-origin: hence CORS `*` on all of it (see routes.ts).
 */
export function gamesCsp(publicUrl: string, scriptHashes: string[] = []): string {
  const ancestors = ["'self'", publicUrl].filter((v, i, all) => all.indexOf(v) === i);
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    `frame-ancestors ${ancestors.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const notBuilt = (reply: FastifyReply) =>
  reply
    .status(503)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send('The games are not built yet: run `npm run build -w @casino/games`.');

/** The path the game front ends are built for (Vite's `base`). */
const BUILT_BASE = '/sandbox/games/';

/**
 * Sends `<dist>/<page>.html` with a CSP that allows its own inline scripts, or 503 when there is no build.
 * Another sandbox party serving the same front ends (`base`, e.g. `/sandbox/lantern/`) gets the page
 * with its own paths, so its pages load its assets and call its API.
 */
export async function sendGamePage(
  reply: FastifyReply,
  distDir: string,
  page: string,
  publicUrl: string,
  base = BUILT_BASE,
) {
  const file = path.join(distDir, `${page}.html`);
  let html: string;
  try {
    html = await fs.promises.readFile(file, 'utf8');
  } catch {
    return notBuilt(reply);
  }
  if (base !== BUILT_BASE) html = html.replaceAll(BUILT_BASE, base);
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', gamesCsp(publicUrl, inlineScriptHashes(html)))
    .send(html);
}

/** `GET /assets/*`: the hashed build assets (pre-compressed when the build made .br/.gz), a year of cache. */
export async function registerGameAssets(app: FastifyInstance, distDir: string) {
  const root = path.join(distDir, 'assets');
  // Without a build there is nothing to serve: unknown assets are the provider's 404, pages say 503.
  if (!fs.existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    // The header is ours alone (`cacheControl: false`), else the file sender's default replaces it.
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });
}
