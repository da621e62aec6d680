import { useRef } from 'react';

/**
 * Our dialogs open from the URL or a store, not from a Radix Trigger, so Radix has nobody to give
 * focus back to on close. This remembers what had focus when the dialog opened and returns it.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event: Event) {
      const el = opener.current;
      if (el?.isConnected) {
        event.preventDefault();
        el.focus();
      }
    },
  };
}
