import type { ModalName } from '@casino/contracts';
import type { Feature } from '@/shared/lib/player-init.ts';

/**
 * Names of the spec with no modal at all until their capability exists: the modal host drops their
 * keys from the URL. Apart from the registry, so the host knows them without loading it.
 */
const ABSENT_MODALS: readonly ModalName[] = [];
/** Modals of a capability behind a flag: absent while the flag is off. */
const FEATURE_MODALS: Partial<Record<ModalName, Feature>> = {
  'loyalty-earn': 'loyalty',
  'loyalty-level': 'loyalty',
  'quests-hub': 'quests',
  'quest-tasks': 'quests',
  'quest-task-games': 'quests',
  'quest-rewards': 'quests',
};

/** Whether a modal exists (given the site's flags; without them, whether it is built at all). */
export const isRegisteredModal = (name: ModalName, features?: Readonly<Record<Feature, boolean>>) => {
  if (ABSENT_MODALS.includes(name)) return false;
  const feature = FEATURE_MODALS[name];
  return !feature || !features || features[feature];
};
