// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const authModals: ModalEntries = {
  'sign-in': lazy(() => import('./sign-in-modal.tsx')),
  'sign-up': lazy(() => import('./sign-up-modal.tsx')),
  'forgot-pass': lazy(() => import('./forgot-pass-modal.tsx')),
  'reset-pass': lazy(() => import('./reset-pass-modal.tsx')),
  'sign-up-cancel': lazy(() => import('./sign-up-cancel-modal.tsx')),
  'profile-confirmed': lazy(() => import('./profile-confirmed-modal.tsx')),
};
