// Keeping open tabs on the current build, loaded after the page (main.tsx, production only): the
// service worker (offline page, cached shell), the build-manifest poll with its "new version"
// prompt, and one reload when a lazy chunk of an old build is gone.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadOnChunkError } from '@/shared/lib/chunk-reload.ts';
import './i18n/index.ts';
import { applyUpdate, checkForWorkerUpdate, registerServiceWorker } from './service-worker.ts';
import { newBuildNoticed, useUpdates } from './update-store.ts';
import { UpdatePrompt } from './update-prompt.tsx';
import { currentBuild, startVersionPoll } from './version-poll.ts';

/** The little of the router this needs: the current path, to hold the prompt back during play. */
type RouterLike = {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
};

export function startUpdates(router: RouterLike): void {
  useUpdates.setState({ pathname: router.state.location.pathname });
  router.subscribe((state) => {
    if (state.location.pathname !== useUpdates.getState().pathname)
      useUpdates.setState({ pathname: state.location.pathname });
  });

  // A lazy chunk or its stylesheet that fails to preload (Vite's event) gets the same guarded reload
  // as a route that fails to load (route-error.tsx).
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnChunkError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });

  const container = document.createElement('div');
  container.id = 'update-prompt';
  document.body.append(container);
  createRoot(container).render(createElement(UpdatePrompt, { onReload: () => applyUpdate() }));

  void registerServiceWorker();
  const current = currentBuild();
  if (current)
    startVersionPoll({
      current,
      onNewBuild: () => {
        newBuildNoticed();
        // Its service worker installs now and waits, so the reload is served by the new build.
        checkForWorkerUpdate();
      },
    });
}
