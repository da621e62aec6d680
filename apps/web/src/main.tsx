import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { captureAffiliateTag } from '@/shared/lib/affiliate-tag.ts';
import { trackViewportHeight } from '@/shared/lib/viewport-height.ts';
import { App } from './app/app.tsx';
import { startAppSession } from './app/start-session.ts';
import { createAppRouter } from './app/router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

// zod probes `new Function` once to decide whether to compile its parsers; under our CSP (no
// 'unsafe-eval') the probe is refused and reported as a violation. `jitless` skips the probe. zod
// reads this global (zod/v4/core `globalConfig`), so setting it here keeps zod out of the first JS.
Reflect.set(globalThis, '__zod_globalConfig', { jitless: true });

// Before the router reads the URL, so `stag` never reaches the router or analytics.
captureAffiliateTag();
trackViewportHeight();
void boot();

/**
 * Start-up in separate tasks: the session, then the router (which starts the first page's loaders
 * and chunk loads), then React. In one task, the evaluation of the bundle and all of this blocked
 * the main thread for ~90 ms on a fast machine (~370 ms on Lighthouse's mid-range phone).
 */
async function boot() {
  await nextTask();
  void startAppSession();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
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
    await router.ready();
    startTransition(() => root.render(app));
  } else {
    root.render(app);
  }
  startUpdatesLater(router);
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Production builds only, a few seconds after the page has loaded and when the main thread is idle:
 * the service worker, the new-build prompt and the chunk-error reload (features/updates). Installing
 * the worker at once competed with the first page's own start-up (Lighthouse: ~0.7 s more blocking).
 */
function startUpdatesLater(router: AppRouter) {
  if (!import.meta.env.PROD) return;
  const run = () => void import('./features/updates/index.ts').then((m) => m.startUpdates(router));
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5_000 }) : run());
  const start = () => setTimeout(whenIdle, 3_000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
