import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover-like disclosure on a pointer press outside `root` or on Escape, while it is open.
 * Escape also hands focus back to the `toggle` button, so keyboard users are not left on the page body.
 */
export function useDismiss(
  root: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onDismiss();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onDismiss();
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, toggle, open, onDismiss]);
}
