import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@/shared/i18n/i18n.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { handlerErrors, server } from '@/test-api.ts';
import { useToasts } from '@/shared/ui/toast.ts';
import { useTheme } from '@/shared/lib/theme.ts';
import { useDrawer } from '@/app/drawer-store.ts';
import { useSession } from '@/features/auth/session-store.ts';
import { useReturnToGame } from '@/features/game-play/return-to-game-store.ts';
import { useUpdates } from '@/features/updates/update-store.ts';

// findBy… and waitFor wait for a state, at most this long. Testing Library's 1 s suits a quiet machine;
// `npm test` runs these files beside the server suites and the journeys on two cores, where a first
// render of a lazy page alone can take longer. A state that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does not implement scrolling; the navigation rules call it on every page change.
window.scrollTo = () => {};

// The API is MSW's (test-api.ts): a request no handler of the test answers fails it (MSW's 'error'
// alone only makes that fetch fail, which a screen may take in its stride).
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      handlerErrors.push(new Error(`unhandled request: ${request.method} ${request.url}`));
      print.error();
    },
  }),
);
afterAll(() => server.close());

// Most files share their worker's window and modules (vite.config.ts): each starts as in a fresh
// window, at /, with a bare <html> and the app's stores as first made.
const stores = [useToasts, useTheme, useDrawer, useSession, useReturnToGame, useUpdates];
beforeAll(() => {
  history.replaceState(null, '', '/');
  document.title = '';
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  for (const store of stores)
    (store.setState as (state: unknown, replace: true) => void)(store.getInitialState(), true);
});

// Without vitest globals, Testing Library does not clean up by itself.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  // A test that visited a /de page must not leave German behind for the next one.
  i18n.changeLanguage('en');
  // One query cache per test: the app's is a module, so what one test fetched is dropped before the next.
  queryClient.clear();
  server.resetHandlers();
  server.events.removeAllListeners('request:start');
  // A handler that threw (a fixture the contract refuses) fails the test, whatever the app made of its 500.
  const thrown = handlerErrors.splice(0);
  if (thrown.length) throw thrown[0];
});
