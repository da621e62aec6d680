// The modals this feature owns, each its own chunk; the modal registry opens them by name.
import { lazy } from 'react';
import type { ModalEntries } from '@/shared/modals/types.ts';

export const questsModals: ModalEntries = {
  'quests-hub': lazy(() => import('./modals/hub-modal.tsx')),
  'quest-tasks': lazy(() => import('./modals/tasks-modal.tsx')),
  'quest-task-games': lazy(() => import('./modals/task-games-modal.tsx')),
  'quest-rewards': lazy(() => import('./modals/rewards-modal.tsx')),
};
