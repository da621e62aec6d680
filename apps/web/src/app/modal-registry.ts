import { lazy } from 'react';
import { MODAL_NAMES, type ModalName } from '@casino/contracts';
import { authModals } from '@/features/auth/modals.ts';
import { bonusesModals } from '@/features/bonuses/modals.ts';
import { gamePlayModals } from '@/features/game-play/modals.ts';
import { gamesModals } from '@/features/games/modals.ts';
import { limitsModals } from '@/features/limits/modals.ts';
import { questsModals } from '@/features/quests/modals.ts';
import { loyaltyModals } from '@/features/loyalty/modals.ts';
import { walletModals } from '@/features/wallet/modals.ts';
import type { LazyModal, ModalEntries } from '@/shared/modals/types.ts';
import { isRegisteredModal } from './absent-modals.ts';

// Every modal is its own chunk: nothing of a modal is downloaded until its key is in the URL.
const built: ModalEntries = {
  ...authModals,
  ...walletModals,
  ...gamesModals,
  ...gamePlayModals,
  ...limitsModals,
  ...bonusesModals,
  ...questsModals,
  ...loyaltyModals,
  // The app composes the wallet with the bonuses' code field (features never import each other in a circle).
  wallet: lazy(() => import('./wallet-modal.tsx')),
  success: lazy(() => import('@/shared/modals/success-modal.tsx')),
};

const comingSoon: LazyModal = lazy(() => import('@/shared/modals/coming-soon-modal.tsx'));

/**
 * The component for each name of MODALS; names whose capability is not built yet share the coming-soon
 * modal, and names that stay absent until their capability exists (`absent-modals.ts`) have none.
 */
export const MODAL_COMPONENTS = Object.fromEntries(
  MODAL_NAMES.filter((name) => isRegisteredModal(name)).map((name) => [name, built[name] ?? comingSoon]),
) as Partial<Record<ModalName, LazyModal>>;
