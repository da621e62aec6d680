import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/uuid.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { authHeader, createPlayer } from '../../wallet/__tests__/factories.ts';
import { renderGameArt, renderProviderLogo } from '../catalogue/artwork.ts';
import { setGameEnabled } from '../catalogue/service.ts';
import {
  CATALOGUE_DATE,
  CATALOGUE_FINGERPRINT,
  catalogueFingerprint,
  generateCatalogue,
} from '../catalogue/seed/catalogue-data.ts';
import { seedCatalogue } from '../catalogue/seed/seed-catalogue.ts';
import { searchName } from '../catalogue/search-name.ts';
import { SPORTSBOOK_GAME } from '../catalogue/seed/sportsbook-game.ts';

const catalogue = generateCatalogue();

describe('generated catalogue', () => {
  it('is the pinned one (bump CATALOGUE_SEED_VERSION and the fingerprint when changing it on purpose)', () => {
    expect(catalogueFingerprint(catalogue)).toBe(CATALOGUE_FINGERPRINT);
    expect(catalogueFingerprint(generateCatalogue())).toBe(CATALOGUE_FINGERPRINT);
  });

  it('has enough unique, plausible entries with name-based v5 ids', () => {
    const { games, providers, collections } = catalogue;
    expect(games.length).toBeGreaterThanOrEqual(10_000);
    expect(providers.length).toBeGreaterThanOrEqual(60);
    expect(collections.filter((c) => !c.isHidden).length).toBeGreaterThanOrEqual(12);
    expect(new Set(games.map((g) => g.searchName)).size).toBe(games.length);
    expect(new Set(games.map((g) => g.identity)).size).toBe(games.length);
    expect(new Set(games.map((g) => g.id)).size).toBe(games.length);
    expect(games.every((g) => isUuid(g.id) && g.id[14] === '5')).toBe(true);
    const names = games.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Fortuna Mágica',
        'Café Olé Reels',
        'Crème Brûlée Bonanza',
        'Señor Jackpot',
        'Ålesund Aurora',
      ]),
    );
  });

  it('maps every game to an engine with the matching type and lines, and spreads the attributes', () => {
    const { games } = catalogue;
    const share = (test: (g: (typeof games)[number]) => boolean) => games.filter(test).length / games.length;
    expect(
      games.every((g) =>
        g.engine === 'slot' ? g.type === 'slots' && g.paylines === 20 : g.type === g.engine && g.paylines === 0,
      ),
    ).toBe(true);
    expect(share((g) => g.engine === 'slot')).toBeGreaterThan(0.8);
    for (const engine of ['roulette', 'dice', 'crash']) expect(share((g) => g.engine === engine)).toBeGreaterThan(0.02);
    expect(new Set(games.filter((g) => g.engine === 'slot').map((g) => g.volatility))).toEqual(
      new Set(['low', 'medium', 'high']),
    );
    expect(share((g) => g.isDemoMode)).toBeCloseTo(0.9, 1);
    expect(share((g) => g.blockedCountries.length > 0)).toBeCloseTo(0.03, 2);
    expect(share((g) => g.platforms.length === 2)).toBeGreaterThan(0.8);
    expect(games.some((g) => g.platforms.join() === '1') && games.some((g) => g.platforms.join() === '2')).toBe(true);
    const twoYears = 730 * 86_400_000;
    expect(
      games.every((g) => g.createdAt <= CATALOGUE_DATE && CATALOGUE_DATE.getTime() - g.createdAt.getTime() <= twoYears),
    ).toBe(true);
    for (const label of ['new', 'hot', 'exclusive', 'jackpot', 'bonus-buy'])
      expect(games.some((g) => g.labels.includes(label))).toBe(true);
  });
});

describe('seeding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('holds exactly the generated catalogue, and the sportsbook’s pseudo-game beside it', async () => {
    const games = await rows<{ id: string; identity: string; name: string; provider_id: string }>(
      sql`select id, identity, name, provider_id from games order by id`,
    );
    const expected = [...catalogue.games, SPORTSBOOK_GAME]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((g) => ({ id: g.id, identity: g.identity, name: g.name, provider_id: g.providerId }));
    expect(games).toEqual(expected);
    const [members] = await rows<{ n: number }>(sql`select count(*)::int as n from game_collection_games`);
    expect(members!.n).toBe(catalogue.memberships.length);
  });

  it('skips a database that is current, and re-seeding keeps ids, favourites and operator switches', async () => {
    expect(await seedCatalogue(server.ctx.db)).toBe('current');
    const player = await createPlayer(server.ctx.db);
    const headers = await authHeader(server.ctx, player.id);
    const [favorite, disabled] = catalogue.games;
    await server.app.inject({ method: 'POST', url: `/api/game/games/${favorite!.identity}/favorite`, headers });
    await setGameEnabled(server.ctx.db, disabled!.id, false);

    await server.ctx.db.execute(sql`delete from game_catalogue_seeds`);
    const started = performance.now();
    expect(await seedCatalogue(server.ctx.db)).toBe('seeded');
    // A bound against a pathological re-seed (minutes), not a speed: on an idle machine a full re-seed
    // takes about 2 s, beside the journeys on a slow 2-core one 22 s.
    expect(performance.now() - started).toBeLessThan(90_000);

    const [counts] = await rows<{ games: number; members: number; disabled: number }>(
      sql`select (select count(*)::int from games) as games, (select count(*)::int from game_collection_games) as members, (select count(*)::int from games where not is_enabled) as disabled`,
    );
    expect(counts).toEqual({ games: catalogue.games.length + 1, members: catalogue.memberships.length, disabled: 1 });
    const favorites = await server.app.inject({ method: 'GET', url: '/api/game/games/favorites', headers });
    expect((favorites.json() as { data: { id: string }[] }).data.map((g) => g.id)).toEqual([favorite!.id]);
  }, 30_000);
});

describe('search names and artwork', () => {
  it('folds case, accents and punctuation, leaving no LIKE wildcards', () => {
    expect(searchName('Crème Brûlée — Bonanza!')).toBe('creme brulee bonanza');
    expect(searchName('Øresund Æther Straße')).toBe('oresund aether strasse');
    expect(searchName('100%_Hot\\Reels')).toBe('100 hot reels');
    expect(searchName('  ')).toBe('');
  });

  it('escapes names in the drawings and draws the same picture at both densities', () => {
    const input = {
      identity: 'x-test',
      name: `Tom & Jerry's <Reels> "Deluxe"`,
      engine: 'slot',
      providerName: 'A & B <Studio>',
    };
    const one = renderGameArt({ ...input, size: '200x300', density: 1 });
    expect(one).not.toContain('<Reels>');
    expect(one).not.toContain('<Studio>');
    expect(one).toContain('&amp;');
    expect(one).toContain('&lt;REELS&gt;');
    const two = renderGameArt({ ...input, size: '200x300', density: 2 });
    expect(two.replace('width="400" height="600"', 'width="200" height="300"')).toBe(one);
    expect(renderGameArt({ ...input, size: '200x300', density: 1 })).toBe(one);
    expect(renderGameArt({ ...input, identity: 'y-test', size: '200x300', density: 1 })).not.toBe(one);
    const logo = renderProviderLogo({ identity: 'a-b', name: 'A & B <Studio>', density: 2 });
    expect(logo).toContain('width="232" height="80"');
    expect(logo).not.toContain('<Studio>');
  });
});
