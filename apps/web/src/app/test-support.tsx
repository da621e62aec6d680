import { createMemoryRouter } from '@/shared/router';
import { z } from 'zod';
import { collectionSchema, dataEnvelope, playerInitSchema, type Collection, type PlayerInit } from '@casino/contracts';
import { useSession, type SessionStatus } from '@/features/auth';
import { queryClient } from '@/shared/lib/query-client.ts';
import { renderRouter } from '@/features/test-support.tsx';
import { all, get, recordRequests, refuse, reply, server } from '@/test-api.ts';
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

/**
 * The API of these tests: player init and game collections; everything else is a 404. Returns the
 * requests sent from then on.
 */
export function mockApi({
  init = initWith(),
  collections,
}: { init?: PlayerInit; collections?: Collection[] | 'fail' } = {}) {
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: init })),
    get('/api/game/collections', () =>
      collections === 'fail' || !collections
        ? refuse(500, { code: 500, message: 'Internal error' })
        : reply(dataEnvelope(z.array(collectionSchema)), { data: collections }),
    ),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
  return recordRequests();
}

/** Renders the real route table at `path`, as a guest unless told otherwise. */
export function renderApp(path: string, { status = 'guest' as SessionStatus } = {}) {
  queryClient.clear();
  useSession.setState({ status, profile: null, left: false });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = renderRouter(router);
  const location = () => router.state.location;
  const url = () => location().pathname + location().search;
  return { ...view, router, location, url };
}
