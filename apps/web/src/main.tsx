import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { captureAffiliateTag } from '@/shared/lib/affiliate-tag.ts';
import { trackViewportHeight } from '@/shared/lib/viewport-height.ts';
import { App } from './app/app.tsx';
import { startAppSession } from './app/start-session.ts';
import { createAppRouter } from './app/router.tsx';

// zod probes `new Function` once to decide whether to compile its parsers; under our CSP (no
// 'unsafe-eval') the probe is refused and reported as a violation. `jitless` skips the probe. zod
// reads this global (zod/v4/core `globalConfig`), so setting it here keeps zod out of the first JS.
Reflect.set(globalThis, '__zod_globalConfig', { jitless: true });

// Before the router reads the URL, so `stag` never reaches the router or analytics.
captureAffiliateTag();
trackViewportHeight();
void startAppSession();

const router = createAppRouter();
const container = document.getElementById('root')!;
const root = createRoot(container);
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
if (container.hasAttribute('data-prerendered')) {
  // The server sent this page's first screen already painted (home.html). Replace it once the router
  // has its data, so no empty frame comes in between, and in a transition, so rendering yields to input.
  void routerReady(router).then(() => startTransition(() => root.render(app)));
} else {
  root.render(app);
}

// Production builds only, a few seconds after the page has loaded and when the main thread is idle:
// the service worker, the new-build prompt and the chunk-error reload (features/updates). Installing
// the worker at once competed with the first page's own start-up (Lighthouse: ~0.7 s more blocking).
if (import.meta.env.PROD) {
  const run = () => void import('./features/updates/index.ts').then((m) => m.startUpdates(router));
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5_000 }) : run());
  const startUpdates = () => setTimeout(whenIdle, 3_000);
  if (document.readyState === 'complete') startUpdates();
  else window.addEventListener('load', startUpdates, { once: true });
}

function routerReady(appRouter: typeof router): Promise<void> {
  return new Promise((resolve) => {
    if (appRouter.state.initialized) return resolve();
    const stop = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
