import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import {
  etagOf,
  GAME_ART_SIZES,
  parseArtFile,
  PROVIDER_LOGO_SIZE,
  renderGameArt,
  renderProviderLogo,
  type GameArtSize,
} from './artwork.ts';
import { catalogueCache } from './cache.ts';
import { games } from './tables.ts';

type Rendered = { body: string; etag: string };
/** Rendered files kept per node; a card is a few kB, so a few thousand cost a few MB. */
const MEMO_MAX = 4000;

const params = z.object({ identity: z.string().min(1).max(200), file: z.string().min(1).max(40) });

/**
 * `/media/v1/games/:identity/:size@:density.svg` and `/media/v1/providers/:identity/116x40@:density.svg`:
 * generated artwork. A file's content depends only on the catalogue entry, which never changes
 * under the same URL within a catalogue version, hence a year of immutable cache.
 */
export const catalogueMediaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const memo = new Map<string, Rendered>();
    const remember = (key: string, body: string): Rendered => {
      const rendered = { body, etag: etagOf(body) };
      if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
      memo.set(key, rendered);
      return rendered;
    };
    const send = (request: FastifyRequest, reply: FastifyReply, rendered: Rendered) => {
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', rendered.etag)
        .type('image/svg+xml; charset=utf-8');
      if (request.headers['if-none-match'] === rendered.etag) return reply.status(304).send();
      return reply.send(rendered.body);
    };

    app.get('/games/:identity/:file', { schema: { hide: true, params } }, async (request, reply) => {
      const { identity, file } = request.params;
      const art = parseArtFile(file, Object.keys(GAME_ART_SIZES));
      if (!art) throw notFound('No such image size');
      const key = `g|${identity}|${file}`;
      const cached = memo.get(key);
      if (cached) return send(request, reply, cached);
      const [game] = await ctx.db
        .select({ name: games.name, engine: games.engine, providerId: games.providerId })
        .from(games)
        .where(eq(games.identity, identity));
      if (!game) throw notFound('Game not found');
      const provider = (await catalogueCache(ctx.db)).providerById.get(game.providerId);
      const body = renderGameArt({
        identity,
        name: game.name,
        engine: game.engine,
        providerName: provider?.wire.name ?? '',
        size: art.size as GameArtSize,
        density: art.density,
      });
      return send(request, reply, remember(key, body));
    });

    app.get('/providers/:identity/:file', { schema: { hide: true, params } }, async (request, reply) => {
      const { identity, file } = request.params;
      const art = parseArtFile(file, [PROVIDER_LOGO_SIZE]);
      if (!art) throw notFound('No such image size');
      const key = `p|${identity}|${file}`;
      const cached = memo.get(key);
      if (cached) return send(request, reply, cached);
      const provider = (await catalogueCache(ctx.db)).providerByIdentity.get(identity);
      if (!provider) throw notFound('Provider not found');
      return send(
        request,
        reply,
        remember(key, renderProviderLogo({ identity, name: provider.wire.name, density: art.density })),
      );
    });
  };
