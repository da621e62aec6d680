import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { inlineScriptHashes } from '../lib/csp.ts';
import { errorBody } from '../lib/errors.ts';
import { ErrorCode, isPagePath, LOCALE_CODES, pagePathInLocale } from '@casino/contracts';
import type { AppContext } from '../context.ts';
import { findGame } from '../modules/game/index.ts';
import { findTournament } from '../modules/tournaments/index.ts';

/** CSP sources of the inline scripts of the built pages (none without a build). */
export function webScriptHashes(webDist: string): string[] {
  const pages = ['index.html', 'home.html']
    .map((name) => path.join(webDist, name))
    .filter((file) => fs.existsSync(file));
  return [...new Set(pages.flatMap((file) => inlineScriptHashes(fs.readFileSync(file, 'utf8'))))];
}

/** Whether a path of the route table's shape names something that exists (the page's HTTP status). */
export type PageExists = (pathname: string) => Promise<boolean>;

const LOCALE_PREFIX = `(?:/(?:${LOCALE_CODES.map((code) => code.replace('-', '\\-')).join('|')}))?`;
const FEATURE_PAGE = new RegExp(`^${LOCALE_PREFIX}/(loyalty|betting)/?$`);
const GAME_PAGE = new RegExp(`^${LOCALE_PREFIX}/games/([^/]+)/?$`);
const TOURNAMENT_PAGE = new RegExp(`^${LOCALE_PREFIX}/tournaments/([^/]+)/?$`);

/**
 * What the route table alone cannot tell: the loyalty and sportsbook pages exist only with their
 * feature on, and a game page only for a game in the catalogue (one indexed lookup, on game paths only).
 */
export function pageExists(ctx: AppContext): PageExists {
  return async (pathname) => {
    const feature = FEATURE_PAGE.exec(pathname)?.[1];
    if (feature) return feature === 'loyalty' ? ctx.config.features.loyalty : ctx.config.features.sportsbook;
    const tournament = TOURNAMENT_PAGE.exec(pathname)?.[1];
    if (tournament !== undefined) {
      try {
        return (await findTournament(ctx.db, decodeURIComponent(tournament))) !== null;
      } catch {
        return false;
      }
    }
    const game = GAME_PAGE.exec(pathname)?.[1];
    if (game === undefined) return true;
    let identity: string;
    try {
      identity = decodeURIComponent(game);
    } catch {
      return false;
    }
    return (await findGame(ctx.db, identity)) !== null;
  };
}

/**
 * Serves the built SPA: hashed assets with a year of cache (pre-compressed .br/.gz when the build
 * made them), every other page path gets index.html, and unknown API and media paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, exists: PageExists = async () => true) {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'));
  // The home page's first screen, prerendered by the build (scripts/build-web.mjs).
  const hasHome = fs.existsSync(path.join(webDist, 'home.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      // The header is ours alone, else the file sender's default replaces it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // API, media and sandbox-party paths are never pages: an unknown one is a JSON 404, not the SPA.
    const notAPage = pathname === '/api' || /^\/(api|media|sandbox)\//.test(pathname);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (notAPage || !isRead) return reply.status(404).send(errorBody(ErrorCode.notFound, `Not found: ${pathname}`));
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    // Every other path is a page of the SPA, whatever the client accepts (a browser, curl, an uptime
    // check or a load balancer's probe alike); the SPA decides what it means, its own 404 page included.
    // A visitor who chose a language (the app's `user-language` cookie) gets it on an unprefixed page.
    const remembered = /(?:^|;\s*)user-language=([a-z-]+)/.exec(request.headers.cookie ?? '')?.[1];
    const localised = remembered ? pagePathInLocale(pathname, remembered) : null;
    if (localised) {
      const query = request.url.slice(pathname.length);
      return reply
        .header('cache-control', 'no-store')
        .header('vary', 'cookie')
        .redirect(localised + query, 302);
    }
    const file = pathname === '/' && hasHome ? 'home.html' : 'index.html';
    // A path the route table does not know, or a page of something that does not exist, still gets the
    // app (it shows its 404 page), with a real 404.
    const status = isPagePath(pathname) && (await exists(pathname)) ? 200 : 404;
    return reply.status(status).header('cache-control', 'no-cache').sendFile(file);
  });
}
