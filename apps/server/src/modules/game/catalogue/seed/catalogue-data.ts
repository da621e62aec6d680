import { createHash } from 'node:crypto';
import type { GameEngine } from '@casino/contracts';
import { searchName } from '../search-name.ts';
import { nameUuid } from './name-uuid.ts';
import {
  CRASH,
  DICE,
  FAMOUS_TITLES,
  FIXED_GAMES,
  MEGA_WAYS,
  PROVIDER_NAMES,
  ROULETTE,
  SLOT_SUFFIXES,
  THEMES,
  type Theme,
  type ThemeId,
} from './words.ts';

/**
 * Bump when the generated catalogue changes on purpose: a node whose database holds another
 * version upserts the catalogue again on start. The catalogue test pins CATALOGUE_FINGERPRINT, so
 * an accidental change to the generator fails there instead of silently renaming games.
 */
export const CATALOGUE_SEED_VERSION = 'sandbox-catalogue-v1';
export const CATALOGUE_FINGERPRINT = 'd0abbda3a580974a8ee66aa7babe24d4b6338d2a897cd52aa3206ffe845f26c7';

const GAME_COUNT = 10_000;
/** Dates are spread back from this fixed day, never from "now": every install gets identical rows. */
export const CATALOGUE_DATE = new Date('2025-06-01T00:00:00Z');
const DAY_MS = 86_400_000;
const NEW_DAYS = 30;

export type SeedProvider = { id: string; identity: string; name: string; position: number };
export type SeedCollection = {
  id: string;
  identity: string;
  name: string;
  position: number;
  countries: string[];
  isHidden: boolean;
};
export type SeedLabel = { id: string; name: string; createdAt: Date };
export type SeedGame = {
  id: string;
  identity: string;
  name: string;
  searchName: string;
  providerId: string;
  engine: GameEngine;
  type: string;
  volatility: string;
  paylines: number;
  isDemoMode: boolean;
  platforms: number[];
  blockedCountries: string[];
  labels: string[];
  popularity: number;
  position: number;
  createdAt: Date;
};
export type SeedMembership = { collectionId: string; gameId: string; position: number };
export type Catalogue = {
  providers: SeedProvider[];
  collections: SeedCollection[];
  labels: SeedLabel[];
  games: SeedGame[];
  memberships: SeedMembership[];
};

/** mulberry32: small, fast and the same sequence on every platform. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

export const slugOf = (name: string) => searchName(name).replace(/ /g, '-');

const COLLECTIONS: Omit<SeedCollection, 'id' | 'position'>[] = [
  { identity: 'new', name: 'New', countries: [], isHidden: false },
  { identity: 'popular', name: 'Popular', countries: [], isHidden: false },
  { identity: 'slots', name: 'Slots', countries: [], isHidden: false },
  { identity: 'live-style', name: 'Live-style', countries: [], isHidden: false },
  { identity: 'table', name: 'Table games', countries: [], isHidden: false },
  { identity: 'crash', name: 'Crash', countries: [], isHidden: false },
  { identity: 'dice', name: 'Dice', countries: [], isHidden: false },
  { identity: 'jackpots', name: 'Jackpots', countries: [], isHidden: false },
  { identity: 'megaways', name: 'Mega Ways', countries: [], isHidden: false },
  { identity: 'fruit', name: 'Fruit classics', countries: [], isHidden: false },
  { identity: 'ancient', name: 'Ancient worlds', countries: [], isHidden: false },
  { identity: 'bonus-buy', name: 'Bonus buy', countries: [], isHidden: false },
  { identity: 'nordic-picks', name: 'Nordic picks', countries: ['FI', 'SE', 'NO', 'DK'], isHidden: false },
  { identity: 'brasil-favoritos', name: 'Favoritos do Brasil', countries: ['BR'], isHidden: false },
  { identity: 'dach-hits', name: 'DACH hits', countries: ['DE', 'AT', 'CH'], isHidden: false },
  // Hidden: feeds the home page's featured row, never shown as a category.
  { identity: 'home-featured', name: 'Featured', countries: [], isHidden: true },
];

const LABELS = [
  { id: 'new', name: 'New' },
  { id: 'hot', name: 'Hot' },
  { id: 'exclusive', name: 'Exclusive' },
  { id: 'jackpot', name: 'Jackpot' },
  { id: 'bonus-buy', name: 'Bonus buy' },
];

const ANCIENT: ThemeId[] = ['egypt', 'greek', 'aztec', 'roman'];

function slotName(rng: Rng, theme: Theme, megaWays: boolean): string {
  const noun = rng.pick(theme.nouns);
  const adjective = rng.pick(theme.adjectives);
  if (megaWays) return `${adjective} ${noun} ${MEGA_WAYS}`;
  const suffix = rng.chance(0.45) ? rng.pick(theme.suffixes) : rng.pick(SLOT_SUFFIXES);
  const r = rng.next();
  if (r < 0.5) return `${adjective} ${noun} ${suffix}`;
  if (r < 0.65) return `${noun} ${suffix}`;
  if (r < 0.75) return `${adjective} ${noun}`;
  if (r < 0.92) return `${rng.pick(theme.leads)} ${noun}`;
  const other = rng.pick(theme.nouns);
  return other === noun ? `${adjective} ${noun} ${suffix}` : `${noun} & ${other}`;
}

function otherName(rng: Rng, engine: Exclude<GameEngine, 'slot'>): string {
  const r = rng.next();
  if (engine === 'roulette') {
    if (r < 0.7) return `${rng.pick(ROULETTE.adjectives)} ${rng.pick(ROULETTE.places)} Roulette`;
    if (r < 0.85) return `${rng.pick(ROULETTE.places)} Roulette ${rng.pick(ROULETTE.suffixes)}`;
    return `${rng.pick(ROULETTE.adjectives)} Roulette ${rng.pick(ROULETTE.suffixes)}`;
  }
  const words = engine === 'dice' ? DICE : CRASH;
  if (r < 0.6) return `${rng.pick(words.adjectives)} ${rng.pick(words.nouns)}`;
  if (r < 0.8) return `${rng.pick(words.nouns)} ${rng.pick(words.suffixes)}`;
  return `${rng.pick(words.adjectives)} ${rng.pick(words.nouns)} ${rng.pick(words.suffixes)}`;
}

const ENGINE_TYPE: Record<GameEngine, string> = {
  slot: 'slots',
  roulette: 'roulette',
  dice: 'dice',
  crash: 'crash',
  sportsbook: 'sportsbook',
};
const SEQUELS = ['II', 'III', 'IV', 'V', 'VI', 'VII'];

/** A game before its row: its name, studio, engine and theme. */
type Draft = { name: string; provider: SeedProvider; engine: GameEngine; theme: ThemeId | null; megaWays: boolean };
/** A game's row, with what only the collections read (dropped from the returned catalogue). */
type DraftGame = SeedGame & { theme: ThemeId | null; megaWays: boolean; liveStyle: boolean };

/** The sandbox provider's whole catalogue, the same on every call and every machine. */
export function generateCatalogue(): Catalogue {
  const rng = random(0x5eed_ca51);
  const providers: SeedProvider[] = PROVIDER_NAMES.map((name, i) => {
    const identity = slugOf(name);
    return { id: nameUuid('provider', identity), identity, name, position: i + 1 };
  });
  const drafts = draftGames(rng, providers);
  const games: DraftGame[] = drafts.map((d, i) => gameOf(rng, d, i < FIXED_GAMES.length));
  const byPopularity = rankGames(rng, games);

  const collections: SeedCollection[] = COLLECTIONS.map((c, i) => ({
    ...c,
    id: nameUuid('collection', c.identity),
    position: i + 1,
  }));
  const members = collectionMembers(games, byPopularity);
  const memberships: SeedMembership[] = collections.flatMap((c) =>
    members[c.identity]!.map((g, i) => ({ collectionId: c.id, gameId: g.id, position: i + 1 })),
  );

  const labelDate = new Date(CATALOGUE_DATE.getTime() - 730 * DAY_MS);
  return {
    providers,
    collections,
    labels: LABELS.map((l) => ({ ...l, createdAt: labelDate })),
    games: games.map(({ theme: _theme, megaWays: _megaWays, liveStyle: _liveStyle, ...g }) => g),
    memberships,
  };
}

/** Weighted draws of a studio and a slot theme; the studios' weights are drawn here, first of all. */
function weightedPickers(rng: Rng, providers: SeedProvider[]) {
  // A few large studios and a long tail, like a real aggregator's feed.
  const providerWeights = providers.map(() => 0.25 + rng.next() ** 2 * 3);
  const totalWeight = providerWeights.reduce((a, b) => a + b, 0);
  const pickProvider = () => {
    let x = rng.next() * totalWeight;
    for (let i = 0; i < providers.length; i++) {
      x -= providerWeights[i]!;
      if (x <= 0) return providers[i]!;
    }
    return providers[providers.length - 1]!;
  };
  const themeTotal = THEMES.reduce((a, t) => a + t.weight, 0);
  const pickTheme = () => {
    let x = rng.next() * themeTotal;
    for (const theme of THEMES) {
      x -= theme.weight;
      if (x <= 0) return theme;
    }
    return THEMES[THEMES.length - 1]!;
  };
  return { pickProvider, pickTheme };
}

/** Names made until one is free (then a sequel numeral), each taken once made. */
function uniqueNames(taken: Set<string>) {
  return (make: () => string): string => {
    let name = make();
    for (let attempt = 0; attempt < 12 && taken.has(searchName(name)); attempt++) name = make();
    for (let i = 0; taken.has(searchName(name)); i++)
      name = `${name.replace(/ (II|III|IV|V|VI|VII)$/, '')} ${SEQUELS[i % SEQUELS.length]}`;
    taken.add(searchName(name));
    return name;
  };
}

/** The showcase games, then generated ones up to GAME_COUNT, every name unique. */
function draftGames(rng: Rng, providers: SeedProvider[]): Draft[] {
  const providerByName = new Map(providers.map((p) => [p.name, p]));
  const { pickProvider, pickTheme } = weightedPickers(rng, providers);
  const taken = new Set<string>(FAMOUS_TITLES);
  const unique = uniqueNames(taken);

  const drafts: Draft[] = FIXED_GAMES.map((g) => {
    taken.add(searchName(g.name));
    return {
      name: g.name,
      provider: providerByName.get(g.provider)!,
      engine: g.engine,
      theme: g.theme,
      megaWays: false,
    };
  });
  while (drafts.length < GAME_COUNT) {
    const r = rng.next();
    const engine: GameEngine = r < 0.885 ? 'slot' : r < 0.915 ? 'roulette' : r < 0.955 ? 'dice' : 'crash';
    if (engine === 'slot') {
      const theme = pickTheme();
      const megaWays = rng.chance(0.03);
      drafts.push({
        name: unique(() => slotName(rng, theme, megaWays)),
        provider: pickProvider(),
        engine,
        theme: theme.id,
        megaWays,
      });
    } else {
      drafts.push({
        name: unique(() => otherName(rng, engine)),
        provider: pickProvider(),
        engine,
        theme: null,
        megaWays: false,
      });
    }
  }
  return drafts;
}

/** A draft's row: platforms, blocking, age, labels, volatility and popularity drawn in a fixed order. */
function gameOf(rng: Rng, d: Draft, fixed: boolean): DraftGame {
  const identity = `${d.provider.identity}-${slugOf(d.name)}`;
  const platformRoll = rng.next();
  const blockRoll = rng.next();
  const ageMinutes = rng.int(730 * 24 * 60);
  const labels: string[] = [];
  if (ageMinutes < NEW_DAYS * 24 * 60) labels.push('new');
  if (rng.chance(0.02)) labels.push('exclusive');
  if (d.engine === 'slot' && rng.chance(0.04)) labels.push('jackpot');
  if (d.engine === 'slot' && rng.chance(0.12)) labels.push('bonus-buy');
  return {
    id: nameUuid('game', identity),
    identity,
    name: d.name,
    searchName: searchName(d.name),
    providerId: d.provider.id,
    engine: d.engine,
    type: ENGINE_TYPE[d.engine],
    volatility:
      d.engine === 'slot'
        ? rng.pick(['low', 'medium', 'medium', 'high', 'high'])
        : d.engine === 'crash'
          ? 'high'
          : d.engine === 'dice'
            ? 'medium'
            : 'low',
    // The sandbox slot always has 20 fixed lines; the other engines have none.
    paylines: d.engine === 'slot' ? 20 : 0,
    isDemoMode: fixed || rng.chance(0.9),
    platforms: fixed || platformRoll < 0.85 ? [1, 2] : platformRoll < 0.93 ? [2] : [1],
    blockedCountries: fixed || blockRoll >= 0.03 ? [] : rng.pick([['GB'], ['US'], ['GB', 'US']]),
    labels,
    // Heavily skewed, like real play counts; the showcase games sit near the top.
    popularity: fixed ? 60_000 + rng.int(30_000) : 100 + Math.floor(rng.next() ** 4 * 99_000),
    position: 0,
    createdAt: new Date(CATALOGUE_DATE.getTime() - ageMinutes * 60_000),
    theme: d.theme,
    megaWays: d.megaWays,
    liveStyle: (d.engine === 'roulette' && rng.chance(0.5)) || (d.engine === 'dice' && rng.chance(0.2)),
  };
}

/** Sets every game's operator position and labels the top 2% hot; returns the games by popularity. */
function rankGames(rng: Rng, games: DraftGame[]): DraftGame[] {
  // The operator's default order follows popularity loosely, not exactly.
  const operatorScore = games.map((g) => g.popularity * (0.6 + rng.next() * 0.8));
  [...games.keys()]
    .sort((a, b) => operatorScore[b]! - operatorScore[a]! || a - b)
    .forEach((gameIndex, rank) => (games[gameIndex]!.position = rank + 1));
  const byPopularity = [...games].sort((a, b) => b.popularity - a.popularity || a.position - b.position);
  const hot = new Set(byPopularity.slice(0, Math.round(games.length * 0.02)).map((g) => g.id));
  for (const g of games) if (hot.has(g.id)) g.labels.push('hot');
  return byPopularity;
}

/** Each collection's games in its order, by collection identity. */
function collectionMembers(games: DraftGame[], byPopularity: DraftGame[]): Record<string, DraftGame[]> {
  const byPosition = [...games].sort((a, b) => a.position - b.position);
  return {
    new: [...games]
      .filter((g) => g.labels.includes('new'))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.position - b.position),
    popular: byPopularity.slice(0, 500),
    slots: byPosition.filter((g) => g.engine === 'slot'),
    'live-style': byPopularity.filter((g) => g.liveStyle),
    table: byPosition.filter((g) => g.engine === 'roulette'),
    crash: byPosition.filter((g) => g.engine === 'crash'),
    dice: byPosition.filter((g) => g.engine === 'dice'),
    jackpots: byPosition.filter((g) => g.labels.includes('jackpot')),
    megaways: byPosition.filter((g) => g.megaWays),
    fruit: byPosition.filter((g) => g.theme === 'fruit'),
    ancient: byPosition.filter((g) => g.theme && ANCIENT.includes(g.theme)),
    'bonus-buy': byPosition.filter((g) => g.labels.includes('bonus-buy')),
    'nordic-picks': byPopularity.filter((g) => g.theme === 'nordic' || (g.engine === 'crash' && g.popularity > 20_000)),
    'brasil-favoritos': byPopularity.filter(
      (g) => g.theme === 'brazil' || (g.engine !== 'slot' && g.popularity > 15_000),
    ),
    'dach-hits': byPopularity.filter(
      (g) => g.theme === 'alpine' || ((g.theme === 'classic' || g.theme === 'fruit') && g.popularity > 10_000),
    ),
    'home-featured': byPopularity
      .filter((g) => g.isDemoMode && g.platforms.length === 2 && g.blockedCountries.length === 0)
      .slice(0, 24),
  };
}

/** sha256 of the catalogue's content: pinned by the tests so the data cannot drift unnoticed. */
export function catalogueFingerprint(catalogue: Catalogue): string {
  return createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
}
