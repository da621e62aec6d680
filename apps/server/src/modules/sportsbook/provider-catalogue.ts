import { sportsbookCatalogueEventAnswerSchema, sportsbookCatalogueSportsAnswerSchema } from '@casino/contracts';

const TIMEOUT_MS = 10_000;

/** What the provider says of a sport or an event: known (its name), unknown, or no answer (why). */
export type CatalogueAnswer =
  | { kind: 'known'; name: string }
  | { kind: 'unknown'; sports?: string[] }
  | { kind: 'unreachable'; reason: string };

/** Looks a sport (slug) or an event (the provider's id) up in the provider's catalogue. */
export type SportsbookCatalogue = (kind: 'sport' | 'event', ref: string) => Promise<CatalogueAnswer>;

/**
 * The provider's public catalogue read (docs/sportsbook-provider-api.md, "Catalogue"), over HTTP: the
 * operator's restriction names something the sportsbook offers, or it is refused.
 */
export function providerCatalogue(
  host: string,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): SportsbookCatalogue {
  const get = async (path: string) => {
    const response = await fetcher(`${host}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
  };
  return async (kind, ref) => {
    try {
      if (kind === 'sport') {
        const answer = await get('/api/catalogue/sports');
        const parsed = sportsbookCatalogueSportsAnswerSchema.safeParse(answer.json);
        if (answer.status !== 200 || !parsed.success)
          return { kind: 'unreachable', reason: `it answered ${answer.status}` };
        const found = parsed.data.data.find((s) => s.id === ref);
        return found
          ? { kind: 'known', name: found.name }
          : { kind: 'unknown', sports: parsed.data.data.map((s) => s.id) };
      }
      const answer = await get(`/api/catalogue/events/${encodeURIComponent(ref)}`);
      if (answer.status === 404) return { kind: 'unknown' };
      const parsed = sportsbookCatalogueEventAnswerSchema.safeParse(answer.json);
      if (answer.status !== 200 || !parsed.success || parsed.data.data.id !== ref)
        return { kind: 'unreachable', reason: `it answered ${answer.status}` };
      return { kind: 'known', name: parsed.data.data.name };
    } catch (error) {
      return { kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
    }
  };
}
