// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const loyaltyModals: ModalEntries = {
  'loyalty-level': lazy(() => import('./modals/level-modal.tsx')),
  'loyalty-earn': lazy(() => import('./modals/earn-modal.tsx')),
};
