import type { ModalName } from '@casino/contracts';

/**
 * Names of the spec with no modal at all until their capability exists: the modal host drops their
 * keys from the URL. Apart from the registry, so the host knows them without loading it.
 */
const ABSENT_MODALS: readonly ModalName[] = ['loyalty-earn'];

export const isRegisteredModal = (name: ModalName) => !ABSENT_MODALS.includes(name);
