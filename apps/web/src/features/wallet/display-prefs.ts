import { useSyncExternalStore } from 'react';

/**
 * Choices the player makes for this browser only: the payment region (`paymentGeo`, when it differs
 * from where they are) and the fiat currency crypto balances are also shown in (`equivalentCurrency`).
 */
type Key = 'paymentGeo' | 'equivalentCurrency';
const listeners = new Set<() => void>();

function read(key: Key): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function setPreference(key: Key, value: string | null) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

export const usePreference = (key: Key) =>
  useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
