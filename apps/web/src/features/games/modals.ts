// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const gamesModals: ModalEntries = {
  search: lazy(() => import('./search-modal.tsx')),
  'mobile-game': lazy(() => import('./mobile-game-modal.tsx')),
  categories: lazy(() => import('./categories-modal.tsx')),
  providers: lazy(() => import('./providers-modal.tsx')),
};
