import type { ModalName } from '@casino/contracts';

/** Props every modal component receives from the modal host. */
export type ModalProps = { name: ModalName; value: string; close: () => void };
