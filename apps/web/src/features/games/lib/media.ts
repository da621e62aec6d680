import { useSyncExternalStore } from 'react';
import { Platform } from '@casino/contracts';

/** Phones: a narrow screen or a touch-first pointer. Tapping a card there opens the mobile-game sheet. */
export const PHONE_QUERY = '(max-width: 640px), (pointer: coarse)';
/** Small screens get smaller pages of games (24 instead of 72). */
export const SMALL_QUERY = '(max-width: 640px)';

const matches = (query: string) => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => matches(query),
    () => false,
  );
}

const useIsPhone = () => useMedia(PHONE_QUERY);

/** The `platform` the API filters games by: 1 on phones, 2 otherwise. */
export const usePlatform = (): Platform => (useIsPhone() ? Platform.mobile : Platform.desktop);
export const platformName = (platform: Platform) => (platform === Platform.mobile ? 'mobile' : 'desktop');

/** Wire contract: a catalogue grid loads 72 games a page, 24 on small phones. */
export const gridPageSize = (small: boolean) => (small ? 24 : 72);
