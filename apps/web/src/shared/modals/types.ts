import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModalName } from '@casino/contracts';

/** Props every modal component receives from the modal host. */
export type ModalProps = { name: ModalName; value: string; close: () => void };

/** A modal as the registry holds it: its own chunk, loaded when its key is in the URL. */
export type LazyModal = LazyExoticComponent<ComponentType<ModalProps>>;

/** The modals a feature owns, by name (each feature's `modals.ts`). */
export type ModalEntries = Partial<Record<ModalName, LazyModal>>;
