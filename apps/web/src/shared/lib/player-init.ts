import { useQuery } from '@tanstack/react-query';
import type { PlayerInit } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/**
 * What the site needs before it renders (GET /api/player/init): the visitor's country, whether the
 * country is restricted, and which optional features exist. A public call, so no token.
 */
export async function fetchPlayerInit(): Promise<PlayerInit> {
  return readPlayerInit(await api<unknown>('GET', '/api/player/init', { auth: false }));
}

/**
 * Checks the shape of playerInitSchema by hand: this runs before the first render, and zod would
 * add ~20 KB gzip to the first page load for one small object.
 */
export function readPlayerInit(data: unknown): PlayerInit {
  const d = data as Partial<PlayerInit> | null;
  const f = d?.features as Partial<PlayerInit['features']> | undefined;
  const flag = (v: unknown) => {
    if (typeof v !== 'boolean') throw new Error('player init: bad feature flag');
    return v;
  };
  if (!d || typeof d.country !== 'string' || typeof d.restricted !== 'boolean' || !f)
    throw new Error('player init: bad shape');
  const restrictType = d.restrictType === 1 || d.restrictType === 2 ? d.restrictType : null;
  return {
    country: d.country,
    restricted: d.restricted,
    restrictType,
    features: {
      sportsbook: flag(f.sportsbook),
      loyalty: flag(f.loyalty),
      quests: flag(f.quests),
      documents: flag(f.documents),
    },
    social: readSocial(d.social),
    kyc: typeof d.kyc?.sdkUrl === 'string' ? { sdkUrl: d.kyc.sdkUrl } : null,
    supportWidgetKey: typeof d.supportWidgetKey === 'string' ? d.supportWidgetKey : null,
    realityCheckMinutes: typeof d.realityCheckMinutes === 'number' ? d.realityCheckMinutes : 30,
    sportsbook:
      typeof d.sportsbook?.host === 'string' && typeof d.sportsbook.clientId === 'string'
        ? { host: d.sportsbook.host, clientId: d.sportsbook.clientId }
        : null,
  };
}

/** Social sign-in settings, or null when they are missing or malformed (the buttons are then not shown). */
function readSocial(value: unknown): PlayerInit['social'] {
  const s = value as PlayerInit['social'] | undefined;
  if (!s || typeof s.domain !== 'string' || typeof s.clientId !== 'string' || !Array.isArray(s.connections))
    return null;
  return { domain: s.domain, clientId: s.clientId, connections: s.connections.filter((c) => typeof c === 'string') };
}

/** If init cannot be loaded the site still works; optional features stay off until a reload succeeds. */
export const FALLBACK_INIT: PlayerInit = {
  country: '',
  restricted: false,
  restrictType: null,
  features: { sportsbook: false, loyalty: false, quests: false, documents: false },
  social: null,
  kyc: null,
  sportsbook: null,
  supportWidgetKey: null,
  realityCheckMinutes: 30,
};

export const playerInitQuery = {
  queryKey: ['player', 'init'] as const,
  queryFn: async () => {
    try {
      return await fetchPlayerInit();
    } catch {
      return FALLBACK_INIT;
    }
  },
  staleTime: Infinity,
};

/** For route loaders: resolves once, then from cache. */
export const ensurePlayerInit = () => queryClient.ensureQueryData(playerInitQuery);

export function usePlayerInit(): PlayerInit {
  return useQuery(playerInitQuery).data ?? FALLBACK_INIT;
}

export type Feature = keyof PlayerInit['features'];

/** The items a visitor may see: those behind a feature flag only while that feature is on. */
export function useFeatureItems<T extends { feature?: Feature }>(items: readonly T[]): T[] {
  const { features } = usePlayerInit();
  return items.filter((item) => !item.feature || features[item.feature]);
}
