// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const walletModals: ModalEntries = {
  wallet: lazy(() => import('./wallet-modal.tsx')),
};
