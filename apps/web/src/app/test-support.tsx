import { createMemoryRouter } from '@/shared/router';
import { vi } from 'vitest';
import type { PlayerInit } from '@casino/contracts';
import { useSession, type SessionStatus } from '@/features/auth';
import { queryClient } from '@/shared/lib/query-client.ts';
import { jsonResponse, renderRouter } from '@/features/test-support.tsx';
import { routes } from './routes.tsx';

export const initWith = (
  over: Partial<PlayerInit> = {},
  features: Partial<PlayerInit['features']> = {},
): PlayerInit => ({
  country: 'DE',
  restricted: false,
  restrictType: null,
  social: null,
  kyc: null,
  supportWidgetKey: null,
  realityCheckMinutes: 30,
  sportsbook: null,
  ...over,
  features: { sportsbook: false, loyalty: false, quests: false, documents: false, ...features },
});

/** Test-only fetch: answers player init and game collections; everything else is a 404. */
export function mockApi({
  init = initWith(),
  collections,
}: { init?: PlayerInit; collections?: unknown[] | 'fail' } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/player/init')) return jsonResponse(200, { data: init });
    if (url.includes('/api/game/collections'))
      return collections === 'fail' || !collections
        ? jsonResponse(500, { error: { code: 500 } })
        : jsonResponse(200, { data: collections });
    return jsonResponse(404, { error: { code: 404 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the real route table at `path`, as a guest unless told otherwise. */
export function renderApp(path: string, { status = 'guest' as SessionStatus } = {}) {
  queryClient.clear();
  useSession.setState({ status, profile: null });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = renderRouter(router);
  const location = () => router.state.location;
  const url = () => location().pathname + location().search;
  return { ...view, router, location, url };
}
