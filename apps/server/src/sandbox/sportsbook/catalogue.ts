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

/** What a catalogue read answers of a sport (by slug) or an event (by id): known (its name) or unknown. */
export type CatalogueAnswer = { kind: 'known'; name: string } | { kind: 'unknown'; sports?: string[] };

/**
 * The catalogue read answered in this process, as `GET /api/catalogue/…` answers it: the casino's
 * operator checks a restriction against it whether a server runs or not.
 */
export async function catalogueAnswer(kind: 'sport' | 'event', ref: string): Promise<CatalogueAnswer> {
  if (kind === 'sport') {
    const sports = catalogueSports();
    const found = sports.find((s) => s.id === ref);
    return found ? { kind: 'known', name: found.name } : { kind: 'unknown', sports: sports.map((s) => s.id) };
  }
  const event = catalogueEvent(ref);
  return event ? { kind: 'known', name: event.name } : { kind: 'unknown' };
}
