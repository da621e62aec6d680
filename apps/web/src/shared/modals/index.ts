// Public surface of the modal system: modals are URL query state (`?sign-in`, `?wallet=deposit`).
export { useModal, type ModalApi } from './use-modal.ts';
export { ModalFrame, type ModalFrameProps } from './modal-frame.tsx';
export type { ModalProps } from './types.ts';
