// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const limitsModals: ModalEntries = {
  'add-cash-limit': lazy(() => import('./add-cash-limit-modal.tsx')),
  'edit-cash-limit': lazy(() => import('./edit-cash-limit-modal.tsx')),
  'self-exclusion-limit': lazy(() => import('./exclusion-modal.tsx')),
};
