// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const gamePlayModals: ModalEntries = {
  'demo-game': lazy(() => import('./modals/demo-game-modal.tsx')),
  'geo-restricted-game': lazy(() => import('./modals/geo-restricted-game-modal.tsx')),
  'game-limit-reached': lazy(() => import('./modals/game-limit-reached-modal.tsx')),
  'max-bets': lazy(() => import('./modals/max-bets-modal.tsx')),
  'restricted-bets': lazy(() => import('./modals/restricted-bets-modal.tsx')),
};
