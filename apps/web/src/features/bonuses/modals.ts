// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

const activate = lazy(() => import('./modals/activate-modal.tsx'));
const cancel = lazy(() => import('./modals/cancel-modal.tsx'));
const freespins = lazy(() => import('./modals/freespins-modal.tsx'));

export const bonusesModals: ModalEntries = {
  'bonus-details': lazy(() => import('./modals/details-modal.tsx')),
  'bonus-confirm-action': activate,
  'change-active-bonus': activate,
  'cancel-active-bonus': cancel,
  'cancel-issued-bonus': cancel,
  'cancel-unsettled-bonus': cancel,
  'wallet-bonus-info': lazy(() => import('./modals/wallet-bonus-info-modal.tsx')),
  'package-bonus': lazy(() => import('./modals/package-bonus-modal.tsx')),
  'bonus-cancel-lock': lazy(() => import('./modals/cancel-lock-modal.tsx')),
  'freespins-activate': freespins,
  'freespins-cancel': freespins,
};
