import { fixtureById, SPORTS } from '@casino/games/sportsbook';

/**
 * What the sandbox sportsbook offers, as its public catalogue read answers it (`GET /api/catalogue/…`,
 * docs/sportsbook-provider-api.md): its sports, and whether an event id names one of its fixtures (a
 * fixture is fixed by its id, played or to come). The casino's operator checks a restriction against it.
 */
export type CatalogueSport = { id: string; name: string };
export type CatalogueEvent = { id: string; sport: string; name: string; startsAt: string };

export const catalogueSports = (): CatalogueSport[] => SPORTS.map((s) => ({ id: s.id, name: s.name }));

export function catalogueEvent(id: string): CatalogueEvent | null {
  const fixture = fixtureById(id);
  if (!fixture) return null;
  return {
    id: fixture.id,
    sport: fixture.sport.id,
    name: `${fixture.home} – ${fixture.away}`,
    startsAt: new Date(fixture.startsAt).toISOString(),
  };
}
