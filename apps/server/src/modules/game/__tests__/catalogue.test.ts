import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Collection, Game, PageMeta, Provider } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { FAVORITES_MAX, recordPlayed, setGameEnabled, setProviderEnabled } from '../catalogue/service.ts';
import { searchName } from '../catalogue/search-name.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Page = { data: Game[]; meta: PageMeta };
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
async function games(query: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await get(`/api/game/games?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function newPlayer() {
  const player = await createPlayer(server.ctx.db);
  return { id: player.id, headers: await authHeader(server.ctx, player.id) };
}

const FORTUNA = 'sol-dorado-juegos-fortuna-magica';

describe('catalogue size and identity', () => {
  it('lists at least 10,000 games, 60 studios and 12 collections', async () => {
    expect((await games('perPage=1')).meta.totalRows).toBeGreaterThanOrEqual(10_000);
    const providers = (await get('/api/game/providers')).json() as { data: Provider[] };
    expect(providers.data.length).toBeGreaterThanOrEqual(60);
    expect(providers.data.reduce((sum, p) => sum + p.gameEnabledCount, 0)).toBe(
      (await games('perPage=1')).meta.totalRows,
    );
    const collections = (await get('/api/game/collections')).json() as { data: Collection[] };
    expect(collections.data.filter((c) => !c.isHidden).length).toBeGreaterThanOrEqual(12);
  });

  it('answers a game by identity and by id with the full wire shape', async () => {
    const byIdentity = await get(`/api/game/games/${FORTUNA}`);
    expect(byIdentity.statusCode).toBe(200);
    const game = (byIdentity.json() as { data: Game }).data;
    // Name-based ids: the same on every install.
    expect(game).toMatchObject({
      id: '56bd3c43-0044-5854-ae4b-d0939b4c79b4',
      identity: FORTUNA,
      name: 'Fortuna Mágica',
      type: 'slots',
      paylines: 20,
      isDemoMode: true,
      platforms: [1, 2],
      customImages: {},
      isFavorite: false,
      isBonusWagering: true,
      images: {
        '200x200': {
          '1x': `/media/v1/games/${FORTUNA}/200x200@1x.svg`,
          '2x': `/media/v1/games/${FORTUNA}/200x200@2x.svg`,
        },
        '200x300': {
          '1x': `/media/v1/games/${FORTUNA}/200x300@1x.svg`,
          '2x': `/media/v1/games/${FORTUNA}/200x300@2x.svg`,
        },
      },
      provider: { identity: 'sol-dorado-juegos', name: 'Sol Dorado Juegos', customImages: {} },
    });
    expect(game.collections.map((c) => c.identity)).toContain('slots');
    const byId = await get(`/api/game/games/${game.id}`);
    expect((byId.json() as { data: Game }).data).toEqual(game);
  });

  it('answers 404 with the contract envelope for an unknown game or studio', async () => {
    for (const url of [
      '/api/game/games/no-such-game',
      '/api/game/games/00000000-0000-5000-8000-000000000000',
      '/api/game/providers/nobody',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 404, message: expect.any(String) } });
    }
  });
});

describe('GET /api/game/games filters', () => {
  it('filters by collection identity or id, in both array spellings, in the collection order', async () => {
    const [slots] = await rows<{ id: string; n: number }>(
      sql`select c.id, count(*)::int as n from game_collections c join game_collection_games m on m.collection_id = c.id where c.identity = 'slots' group by c.id`,
    );
    const byIdentity = await games('collectionId[]=slots&perPage=30');
    expect(byIdentity.meta.totalRows).toBe(slots!.n);
    expect(byIdentity.data.every((g) => g.type === 'slots' && g.collections.some((c) => c.identity === 'slots'))).toBe(
      true,
    );
    expect((await games(`collectionId=${slots!.id}&perPage=30`)).data).toEqual(byIdentity.data);
    const expected = await rows<{ game_id: string }>(
      sql`select game_id from game_collection_games where collection_id = ${slots!.id} order by position limit 30`,
    );
    expect(byIdentity.data.map((g) => g.id)).toEqual(expected.map((r) => r.game_id));

    const two = await games('collectionId[]=crash&collectionId[]=dice&perPage=100');
    const crash = await games('collectionId[]=crash&perPage=1');
    const dice = await games('collectionId[]=dice&perPage=1');
    expect(two.meta.totalRows).toBe(crash.meta.totalRows + dice.meta.totalRows);
    expect(new Set(two.data.map((g) => g.type))).toEqual(new Set(['crash', 'dice']));
    expect((await games('collectionId[]=no-such-collection')).meta.totalRows).toBe(0);
  });

  it('filters by studio id or identity, game ids and identities', async () => {
    const studio = await games('providerId[]=sol-dorado-juegos&perPage=100');
    expect(studio.meta.totalRows).toBeGreaterThan(0);
    expect(studio.data.every((g) => g.provider.identity === 'sol-dorado-juegos')).toBe(true);
    expect((await games(`providerId=${studio.data[0]!.provider.id}&perPage=100`)).meta.totalRows).toBe(
      studio.meta.totalRows,
    );

    const picked = studio.data.slice(0, 3);
    const byIds = await games(picked.map((g) => `gameId[]=${g.id}`).join('&'));
    expect(byIds.data.map((g) => g.id).sort()).toEqual(picked.map((g) => g.id).sort());
    const byIdentities = await games(`identity=${picked[0]!.identity}&identity[]=${picked[1]!.identity}`);
    expect(byIdentities.data.map((g) => g.identity).sort()).toEqual([picked[0]!.identity, picked[1]!.identity].sort());
    expect((await games('gameId[]=not-a-uuid')).meta.totalRows).toBe(0);
  });

  it('filters by platform and leaves out games blocked in the given countries', async () => {
    const all = (await games('perPage=1')).meta.totalRows;
    const mobile = await games('platform=1&perPage=100');
    expect(mobile.data.every((g) => g.platforms.includes(1))).toBe(true);
    expect(mobile.meta.totalRows).toBeLessThan(all);

    const [blocked] = await rows<{ n: number; identity: string }>(
      sql`select count(*)::int as n, min(identity) as identity from games where 'GB' = any(blocked_countries)`,
    );
    expect(blocked!.n).toBeGreaterThan(0);
    expect((await games('countries[]=GB&perPage=1')).meta.totalRows).toBe(all - blocked!.n);
    expect((await games(`identity[]=${blocked!.identity}&countries[]=gb`)).data).toEqual([]);
    expect((await games(`identity[]=${blocked!.identity}&countries[]=BR`)).data).toHaveLength(1);
  });

  it('lists neither disabled games nor games of disabled studios, yet still answers them by id', async () => {
    const studio = await games('providerId[]=sol-dorado-juegos&perPage=1');
    const before = ((await get('/api/game/providers/sol-dorado-juegos')).json() as { data: Provider }).data
      .gameEnabledCount;
    const game = (await games(`identity[]=${FORTUNA}`)).data[0]!;
    await setGameEnabled(server.ctx.db, game.id, false);
    try {
      expect((await games(`identity[]=${FORTUNA}`)).data).toEqual([]);
      expect((await get(`/api/game/games/${FORTUNA}`)).statusCode).toBe(200);
      expect(
        ((await get('/api/game/providers/sol-dorado-juegos')).json() as { data: Provider }).data.gameEnabledCount,
      ).toBe(before - 1);
    } finally {
      await setGameEnabled(server.ctx.db, game.id, true);
    }
    await setProviderEnabled(server.ctx.db, studio.data[0]!.provider.id, false);
    try {
      expect((await games('providerId[]=sol-dorado-juegos')).meta.totalRows).toBe(0);
      expect((await get('/api/game/providers/sol-dorado-juegos')).statusCode).toBe(404);
      expect(
        ((await get('/api/game/providers')).json() as { data: Provider[] }).data.map((p) => p.identity),
      ).not.toContain('sol-dorado-juegos');
    } finally {
      await setProviderEnabled(server.ctx.db, studio.data[0]!.provider.id, true);
    }
    expect((await games('providerId[]=sol-dorado-juegos&perPage=1')).meta.totalRows).toBe(studio.meta.totalRows);
  });
});

describe('GET /api/game/games search, sorting and paging', () => {
  it('finds names ignoring case and accents, by prefix and by substring', async () => {
    expect((await games('name=cafe%20ole')).data[0]!.name).toBe('Café Olé Reels');
    expect((await games('name=MAGICA')).data.map((g) => g.name)).toContain('Fortuna Mágica');
    expect((await games('name=agica')).data.map((g) => g.name)).toContain('Fortuna Mágica');
    expect((await games('name=creme%20brulee')).data[0]!.name).toBe('Crème Brûlée Bonanza');
    expect((await games('name=alesund')).data[0]!.name).toBe('Ålesund Aurora');
    expect((await games('name=%C3%B8resund')).data[0]!.name).toBe('Øresund Nights');
    expect((await games('name=a&perPage=1')).meta.totalRows).toBeGreaterThan(1000);
    expect((await games('name=!!!')).meta.totalRows).toBe(0);
  });

  it('matches every word in any order, in the name or the studio', async () => {
    expect((await games('name=magica%20fortuna')).data.map((g) => g.name)).toContain('Fortuna Mágica');
    const fortuna = (await games(`identity[]=${FORTUNA}`)).data[0]!;
    const studio = fortuna.provider.name;
    const byStudio = await games(`name=${encodeURIComponent(studio)}&perPage=100`);
    expect(byStudio.meta.totalRows).toBeGreaterThan(0);
    expect(
      byStudio.data.every((g) => g.provider.name === studio || searchName(g.name).includes(searchName(studio))),
    ).toBe(true);
    const mixed = await games(`name=${encodeURIComponent(`magica ${studio}`)}`);
    expect(mixed.data.map((g) => g.name)).toContain('Fortuna Mágica');
    expect((await games('name=magica%20zzzz')).meta.totalRows).toBe(0);
  });

  it('ranks exact name, then name prefix, then word prefix, then substring', async () => {
    const page = await games('name=gold&perPage=100');
    const rank = (name: string) => {
      const n = searchName(name);
      return n === 'gold' ? 0 : n.startsWith('gold') ? 1 : ` ${n}`.includes(' gold') ? 2 : 3;
    };
    const ranks = page.data.map((g) => rank(g.name));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBeLessThanOrEqual(1);
    expect(page.data.every((g) => searchName(`${g.name} ${g.provider.name}`).includes('gold'))).toBe(true);
    // Within one rank the requested order applies.
    const byName = await games('name=gold&sortBy=name&perPage=100');
    const prefixed = byName.data.filter((g) => rank(g.name) === 1).map((g) => searchName(g.name));
    expect(prefixed).toEqual([...prefixed].sort());
  });

  it('sorts by name, createdAt, popularity and score (the sportsbook’s pseudo-game is never listed)', async () => {
    const byName = await games('sortBy=name&perPage=50');
    const names = byName.data.map((g) => searchName(g.name));
    expect(names).toEqual([...names].sort());
    const byNameDesc = await games('sortBy=name&sortOrder=desc&perPage=50');
    expect(searchName(byNameDesc.data[0]!.name) > searchName(byNameDesc.data[49]!.name)).toBe(true);

    const newest = await rows<{ id: string }>(
      sql`select id from games where engine <> 'sportsbook' order by created_at desc, position limit 20`,
    );
    expect((await games('sortBy=createdAt&sortOrder=desc&perPage=20')).data.map((g) => g.id)).toEqual(
      newest.map((r) => r.id),
    );
    const popular = await rows<{ id: string }>(
      sql`select id from games where engine <> 'sportsbook' order by popularity desc, position limit 20`,
    );
    expect((await games('sortBy=popularity&perPage=20')).data.map((g) => g.id)).toEqual(popular.map((r) => r.id));
    expect((await games('sortBy=score&perPage=20')).data.map((g) => g.id)).toEqual(popular.map((r) => r.id));
    const operator = await rows<{ id: string }>(
      sql`select id from games where engine <> 'sportsbook' order by position limit 20`,
    );
    expect((await games('perPage=20')).data.map((g) => g.id)).toEqual(operator.map((r) => r.id));

    // A player's favourites and recent games come first in `score`.
    const { id: playerId, headers } = await newPlayer();
    const [quiet] = await rows<{ id: string }>(
      sql`select id from games where engine <> 'sportsbook' order by popularity, position limit 1`,
    );
    await recordPlayed(server.ctx.db, playerId, quiet!.id);
    const personal = await games('sortBy=score&perPage=5', headers);
    expect(personal.data[0]!.id).toBe(quiet!.id);
    expect(personal.data.slice(1).map((g) => g.id)).toEqual(popular.slice(0, 4).map((r) => r.id));
    // Page boundaries across the player's block and the rest, both directions.
    expect((await games('sortBy=score&perPage=1&page=2', headers)).data[0]!.id).toBe(popular[0]!.id);
    const total = personal.meta.totalRows;
    const last = await games(`sortBy=score&sortOrder=desc&perPage=100&page=${Math.ceil(total / 100)}`, headers);
    expect(last.data.at(-1)!.id).toBe(quiet!.id);
    expect(last.data.at(-2)!.id).toBe(popular[0]!.id);
    expect(last.data).toHaveLength(total % 100 || 100);
  });

  it('pages with meta, also past the end', async () => {
    const first = await games('collectionId[]=crash&perPage=24');
    const total = first.meta.totalRows;
    const second = await games('collectionId[]=crash&perPage=24&page=2');
    expect(second.meta).toEqual({ page: 2, perPage: 24, totalRows: total, totalPages: Math.ceil(total / 24) });
    expect(second.data.map((g) => g.id)).not.toContain(first.data[0]!.id);
    const beyond = await games('collectionId[]=crash&perPage=24&page=500');
    expect(beyond).toEqual({
      data: [],
      meta: { page: 500, perPage: 24, totalRows: total, totalPages: Math.ceil(total / 24) },
    });

    // A search counts its matches within the page query; past the end it still knows the total.
    const [reels] = await rows<{ n: number }>(
      sql`select count(*)::int as n from games g join game_providers p on p.id = g.provider_id
          where g.search_name like '%reels%' or lower(p.name) like '%reels%'`,
    );
    expect((await games('name=Reels&perPage=10&page=999')).meta).toEqual({
      page: 999,
      perPage: 10,
      totalRows: reels!.n,
      totalPages: Math.ceil(reels!.n / 10),
    });
    expect((await games('name=REELS&perPage=10&page=2')).meta.totalRows).toBe(reels!.n);
    expect((await games('name=reel&perPage=10&page=2')).meta.totalRows).toBeGreaterThanOrEqual(reels!.n);
  });

  it('rejects bad input with 422 and the offending fields', async () => {
    for (const [query, field] of [
      ['perPage=1000', 'perPage'],
      ['sortBy=bogus', 'sortBy'],
      ['platform=3', 'platform'],
      ['page=0', 'page'],
      ['sortOrder=up', 'sortOrder'],
    ] as const) {
      const response = await get(`/api/game/games?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect((response.json() as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty([field]);
    }
    expect((await get('/api/game/providers?sortBy=bogus')).statusCode).toBe(422);
  });
});

describe('collections and studios', () => {
  it('keeps country collections to their countries and flags hidden ones', async () => {
    const ids = async (query: string) =>
      ((await get(`/api/game/collections${query}`)).json() as { data: Collection[] }).data.map((c) => c.identity);
    const all = await ids('');
    expect(all).toEqual(
      expect.arrayContaining([
        'new',
        'popular',
        'slots',
        'nordic-picks',
        'brasil-favoritos',
        'dach-hits',
        'home-featured',
      ]),
    );
    const br = await ids('?countries[]=BR');
    expect(br).toContain('brasil-favoritos');
    expect(br).toContain('slots');
    expect(br).not.toContain('nordic-picks');
    expect(br).not.toContain('dach-hits');
    expect(await ids('?countries=fi')).toContain('nordic-picks');
    const both = await ids('?countries[]=DE&countries[]=SE');
    expect(both).toEqual(expect.arrayContaining(['dach-hits', 'nordic-picks']));
    const featured = ((await get('/api/game/collections')).json() as { data: Collection[] }).data.find(
      (c) => c.identity === 'home-featured',
    );
    expect(featured).toMatchObject({ isHidden: true, countries: [] });
    expect((await games('collectionId[]=home-featured')).meta.totalRows).toBe(24);
  });

  it('searches studios ignoring accents and sorts them', async () => {
    const list = async (query: string) =>
      ((await get(`/api/game/providers${query}`)).json() as { data: Provider[] }).data;
    expect((await list('?name=solvberg')).map((p) => p.name)).toEqual(['Sölvberg Studio']);
    expect((await list('?name=CAFE')).map((p) => p.name)).toEqual(['Café Lumière Games']);
    const byCount = (await list('?sortBy=gameCount&sortOrder=desc')).map((p) => p.gameEnabledCount);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    const byName = (await list('?sortBy=name')).map((p) => searchName(p.name));
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    const one = (await list(''))[0]!;
    expect(one.images['116x40']).toEqual({
      '1x': `/media/v1/providers/${one.identity}/116x40@1x.svg`,
      '2x': `/media/v1/providers/${one.identity}/116x40@2x.svg`,
    });
    expect(((await get(`/api/game/providers/${one.id}`)).json() as { data: Provider }).data).toEqual(one);
  });
});

describe("the player's favourites and recently played", () => {
  it('needs a player', async () => {
    for (const [method, url] of [
      ['GET', '/api/game/games/favorites'],
      ['GET', '/api/game/games/played'],
      ['POST', `/api/game/games/${FORTUNA}/favorite`],
      ['DELETE', `/api/game/games/${FORTUNA}/favorite`],
    ] as const) {
      expect((await server.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('adds, lists newest first, flags and removes favourites, idempotently', async () => {
    const { headers } = await newPlayer();
    const send = (method: 'POST' | 'DELETE', game: string) =>
      server.app.inject({ method, url: `/api/game/games/${game}/favorite`, headers });
    const list = (response: { json(): unknown }) => (response.json() as { data: Game[] }).data.map((g) => g.identity);
    const [a, b] = (await games('collectionId[]=dice&perPage=2')).data;

    expect(list(await send('POST', a!.identity))).toEqual([a!.identity]);
    expect(list(await send('POST', a!.id))).toEqual([a!.identity]);
    const added = await send('POST', b!.identity);
    expect(list(added)).toEqual([b!.identity, a!.identity]);
    expect((added.json() as { data: Game[] }).data.every((g) => g.isFavorite)).toBe(true);

    const page = (await get('/api/game/games/favorites?perPage=1&page=2', headers)).json() as Page;
    expect(page.meta).toEqual({ page: 2, perPage: 1, totalRows: 2, totalPages: 2 });
    expect(page.data.map((g) => g.identity)).toEqual([a!.identity]);

    expect(((await get(`/api/game/games/${a!.identity}`, headers)).json() as { data: Game }).data.isFavorite).toBe(
      true,
    );
    expect(((await get(`/api/game/games/${a!.identity}`)).json() as { data: Game }).data.isFavorite).toBe(false);
    const listed = await games('collectionId[]=dice&perPage=3', headers);
    expect(listed.data.map((g) => g.isFavorite)).toEqual([true, true, false]);
    // The page a guest loaded first (and the node cached) carries this player's hearts, and only theirs.
    expect((await games('collectionId[]=dice&perPage=2', headers)).data.map((g) => g.isFavorite)).toEqual([true, true]);
    expect((await games('collectionId[]=dice&perPage=2')).data.map((g) => g.isFavorite)).toEqual([false, false]);

    expect(list(await send('DELETE', a!.identity))).toEqual([b!.identity]);
    expect(list(await send('DELETE', a!.identity))).toEqual([b!.identity]);
    expect((await send('POST', 'no-such-game')).statusCode).toBe(404);
  });

  it('shows a heart added or removed on the very next catalogue page, though the page was read before', async () => {
    const { headers } = await newPlayer();
    const hearts = async () => (await games('collectionId[]=dice&perPage=3', headers)).data.map((g) => g.isFavorite);
    const [, second] = (await games('collectionId[]=dice&perPage=3')).data;
    expect(await hearts()).toEqual([false, false, false]);
    await server.app.inject({ method: 'POST', url: `/api/game/games/${second!.identity}/favorite`, headers });
    expect(await hearts()).toEqual([false, true, false]);
    await server.app.inject({ method: 'DELETE', url: `/api/game/games/${second!.identity}/favorite`, headers });
    expect(await hearts()).toEqual([false, false, false]);
  });

  it('caps the favourites, since every change answers with the whole list', async () => {
    const { id, headers } = await newPlayer();
    await server.ctx.db.execute(
      sql`insert into game_favorites (player_id, game_id) select ${id}, id from games where identity <> ${FORTUNA} order by position limit ${FAVORITES_MAX}`,
    );
    const refused = await server.app.inject({ method: 'POST', url: `/api/game/games/${FORTUNA}/favorite`, headers });
    expect(refused.statusCode).toBe(422);
    const [kept] = await rows<{ identity: string }>(
      sql`select identity from games where identity <> ${FORTUNA} order by position limit 1`,
    );
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/game/games/${kept!.identity}/favorite`,
      headers,
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: Game[] }).data).toHaveLength(FAVORITES_MAX);
  });

  it('lists played games last played first, per platform and country', async () => {
    const { id, headers } = await newPlayer();
    const [both, desktopOnly, blocked] = await Promise.all([
      rows<{ id: string }>(
        sql`select id from games where platforms = '{1,2}' and blocked_countries = '{}' order by position limit 3`,
      ),
      rows<{ id: string }>(
        sql`select id from games where platforms = '{2}' and blocked_countries = '{}' order by position limit 1`,
      ),
      rows<{ id: string }>(
        sql`select id from games where 'US' = any(blocked_countries) and platforms = '{1,2}' order by position limit 1`,
      ),
    ]);
    const order = [both[0]!.id, desktopOnly[0]!.id, both[1]!.id, blocked[0]!.id, both[2]!.id];
    for (const [i, gameId] of order.entries()) {
      await server.ctx.db.execute(
        sql`insert into game_plays (player_id, game_id, last_played_at) values (${id}, ${gameId}, now() - make_interval(mins => ${i}))`,
      );
    }
    const played = (await get('/api/game/games/played', headers)).json() as Page;
    expect(played.data.map((g) => g.id)).toEqual(order);
    expect(played.meta).toEqual({ page: 1, perPage: 18, totalRows: 5, totalPages: 1 });
    expect(
      ((await get('/api/game/games/played?platform=1', headers)).json() as Page).data.map((g) => g.id),
    ).not.toContain(desktopOnly[0]!.id);
    expect(
      ((await get('/api/game/games/played?countryCode=US', headers)).json() as Page).data.map((g) => g.id),
    ).not.toContain(blocked[0]!.id);

    await recordPlayed(server.ctx.db, id, both[2]!.id);
    expect(((await get('/api/game/games/played?perPage=1', headers)).json() as Page).data[0]!.id).toBe(both[2]!.id);
  });
});

describe('artwork', () => {
  it('serves every image URL of a game, and the studio logo, as cacheable SVG', async () => {
    const sample = await Promise.all(
      ['slots', 'table', 'dice', 'crash'].map(async (c) => (await games(`collectionId[]=${c}&perPage=1`)).data[0]!),
    );
    for (const game of sample) {
      const urls = [
        ...Object.values(game.images).flatMap((set) => Object.values(set)),
        ...Object.values(game.provider.images['116x40']!),
      ];
      for (const url of urls) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers.etag).toMatch(/^".+"$/);
        expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        const [, size, density] = /(\d+)x\d+@(\d)x\.svg$/.exec(url)!;
        expect(response.body).toContain(`width="${Number(size) * Number(density)}"`);
      }
    }
    const url = sample[0]!.images['200x300']['2x']!;
    const first = await get(url);
    const again = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for unknown games, studios and sizes, never the web app', async () => {
    for (const url of [
      '/media/v1/games/no-such-game/200x300@1x.svg',
      `/media/v1/games/${FORTUNA}/300x300@1x.svg`,
      `/media/v1/games/${FORTUNA}/200x200@3x.svg`,
      `/media/v1/games/${FORTUNA}/200x200@1x.png`,
      '/media/v1/providers/nobody/116x40@1x.svg',
      '/media/v1/providers/sol-dorado-juegos/200x200@1x.svg',
      '/media/v1/nothing-here',
    ]) {
      const response = await get(url, { accept: 'text/html,*/*' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});

describe('API description', () => {
  it('documents the catalogue routes', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/game/collections',
      '/api/game/providers',
      '/api/game/games',
      '/api/game/games/favorites',
      '/api/game/games/played',
      '/api/game/games/{idOrIdentity}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
