import { newBuildNoticed, useUpdates } from './update-store.ts';

let registration: ServiceWorkerRegistration | null = null;

/**
 * Registers /sw.js (scope /). A worker of a newer build that installs while this page runs waits
 * (it never takes over by itself) and raises the prompt; the very first install says the site now
 * works offline.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  try {
    registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    return; // private mode, blocked storage: the site works as before, only without the offline page
  }
  if (registration.waiting && container.controller) newBuildNoticed();
  const current = registration;
  current.addEventListener('updatefound', () => {
    const worker = current.installing;
    // With no active worker yet, this is the first install, not a new build.
    const firstInstall = !current.active;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && !firstInstall) newBuildNoticed();
      if (worker.state === 'activated' && firstInstall) useUpdates.setState({ offlineReady: true });
    });
  });
}

/** Asks the server for a newer worker (after the build manifest named a new build). */
export function checkForWorkerUpdate(): void {
  void registration?.update().catch(() => {});
}

/**
 * The prompt's "Reload": a waiting worker of the new build takes over first (so the reloaded page is
 * served by it), then this page reloads. Only this tab reloads; others keep their page until asked.
 */
export async function applyUpdate(reload: () => void = () => window.location.reload()): Promise<void> {
  const waiting = registration?.waiting;
  if (waiting && 'serviceWorker' in navigator && navigator.serviceWorker.controller) {
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      // A worker that never answers must not leave the button dead.
      setTimeout(resolve, 3000);
      // A worker's postMessage has no target origin (it is this site's own worker).
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  }
  reload();
}
