import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build -w @casino/games` puts the game front ends (Vite, base `/sandbox/games/`). */
export const DEFAULT_GAMES_DIST = path.resolve(import.meta.dirname, '../../../../../packages/games/dist');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.wasm': 'application/wasm',
};

/** sha256 sources of inline scripts, so the page's CSP allows exactly those. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

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

/** Sends `<dist>/<page>.html` with a CSP that allows its own inline scripts, or 503 when there is no build. */
export async function sendGamePage(reply: FastifyReply, distDir: string, page: string, publicUrl: string) {
  const file = path.join(distDir, `${page}.html`);
  let html: string;
  try {
    html = await fs.promises.readFile(file, 'utf8');
  } catch {
    return notBuilt(reply);
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', gamesCsp(publicUrl, inlineScriptHashes(html)))
    .send(html);
}

/** `GET /assets/*`: the hashed build assets, a year of cache. */
export function registerGameAssets(app: FastifyInstance, distDir: string) {
  const assetsDir = path.join(distDir, 'assets');
  app.get('/assets/*', { schema: { hide: true } }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const file = path.resolve(assetsDir, rel);
    if (!rel || !file.startsWith(assetsDir + path.sep)) return reply.status(404).type('text/plain').send('Not found');
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      if (!fs.existsSync(distDir)) return notBuilt(reply);
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!stat.isFile()) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
}
