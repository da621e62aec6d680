import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MODAL_NAMES, type ModalName } from '@casino/contracts';
import type { ModalProps } from '@/shared/modals/types.ts';

type ModalComponent = LazyExoticComponent<ComponentType<ModalProps>>;

// Every modal is its own chunk: nothing of a modal is downloaded until its key is in the URL.
const built: Partial<Record<ModalName, ModalComponent>> = {
  'sign-in': lazy(() => import('@/features/auth/sign-in-modal.tsx')),
  'sign-up': lazy(() => import('@/features/auth/sign-up-modal.tsx')),
  wallet: lazy(() => import('@/features/wallet/wallet-modal.tsx')),
  search: lazy(() => import('@/features/games/search-modal.tsx')),
  'mobile-game': lazy(() => import('@/features/games/mobile-game-modal.tsx')),
  categories: lazy(() => import('@/features/games/categories-modal.tsx')),
  providers: lazy(() => import('@/features/games/providers-modal.tsx')),
  'demo-game': lazy(() => import('@/features/game-play/modals/demo-game-modal.tsx')),
  'geo-restricted-game': lazy(() => import('@/features/game-play/modals/geo-restricted-game-modal.tsx')),
  'game-limit-reached': lazy(() => import('@/features/game-play/modals/game-limit-reached-modal.tsx')),
  'max-bets': lazy(() => import('@/features/game-play/modals/max-bets-modal.tsx')),
  'restricted-bets': lazy(() => import('@/features/game-play/modals/restricted-bets-modal.tsx')),
};

const comingSoon: ModalComponent = lazy(() => import('@/shared/modals/coming-soon-modal.tsx'));

/** The component for each name of MODALS; names whose capability is not built yet share the coming-soon modal. */
export const MODAL_COMPONENTS = Object.fromEntries(
  MODAL_NAMES.map((name) => [name, built[name] ?? comingSoon]),
) as Record<ModalName, ModalComponent>;
