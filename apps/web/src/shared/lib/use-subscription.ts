import { useEffect } from 'react';

/**
 * Keeps a push subscription while the component is mounted and `key` is not null; a new key
 * resubscribes. `subscribe` resolves to its unsubscribe; one that resolves after the unmount (or a
 * key change) is undone at once. A failure leaves the view as loaded.
 */
export function useSubscription(key: string | null, subscribe: () => Promise<() => void>): void {
  useEffect(() => {
    if (key === null) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void subscribe()
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
    // The key names the subscription; `subscribe` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
