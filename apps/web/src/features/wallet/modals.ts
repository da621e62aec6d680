// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

/** The wallet modal, for the app to compose what other features add to it (the deposit form's bonus code). */
export const WalletModal = lazy(() => import('./wallet-modal.tsx'));

export const walletModals: ModalEntries = {
  wallet: WalletModal,
  'wallet-region': lazy(() => import('./region-modal.tsx')),
  'equivalent-currency': lazy(() => import('./equivalent-modal.tsx')),
  'turn-over-wager': lazy(() => import('./payments/turnover-modal.tsx')),
  'cancel-deposit': lazy(() => import('./payments/cancel-deposit-modal.tsx')),
  'deposit-success': lazy(() => import('./payments/result-modal.tsx')),
  'deposit-error': lazy(() => import('./payments/result-modal.tsx')),
  'deposit-pending': lazy(() => import('./payments/result-modal.tsx')),
  'deposit-redirect': lazy(() => import('./payments/result-modal.tsx')),
};
