import { useRef, type PointerEvent as ReactPointerEvent } from 'react';

/** Spec point 9: a swipe closes at 10% of the sheet's height, or as a quick flick under 300 ms. */
export const SWIPE_CLOSE_RATIO = 0.1;
export const SWIPE_FLICK_MS = 300;
const FLICK_MIN_PX = 24;

type Drag = { id: number; startY: number; startTime: number; dy: number };

/**
 * Drag-down-to-close for touch and pen. A drag starts only when the sheet is scrolled to the top,
 * so scrolling long content still works; mouse users have the close button and Escape.
 */
export function useSwipeToClose(onClose: () => void) {
  const drag = useRef<Drag | null>(null);

  const reset = (el: HTMLElement) => {
    el.style.transition = 'transform 200ms ease-out';
    el.style.transform = '';
    drag.current = null;
  };

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse' || event.currentTarget.scrollTop > 0) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [data-no-swipe]')) return;
      drag.current = { id: event.pointerId, startY: event.clientY, startTime: Date.now(), dy: 0 };
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.id !== event.pointerId) return;
      current.dy = Math.max(0, event.clientY - current.startY);
      event.currentTarget.style.transition = 'none';
      event.currentTarget.style.transform = current.dy ? `translateY(${current.dy}px)` : '';
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.id !== event.pointerId) return;
      const el = event.currentTarget;
      const dy = Math.max(0, event.clientY - current.startY);
      const elapsed = Date.now() - current.startTime;
      const far = dy > el.getBoundingClientRect().height * SWIPE_CLOSE_RATIO;
      const flick = elapsed < SWIPE_FLICK_MS && dy > FLICK_MIN_PX;
      reset(el);
      if (dy > 0 && (far || flick)) onClose();
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      if (drag.current) reset(event.currentTarget);
    },
  };
}
