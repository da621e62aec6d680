import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icon.tsx';

const buttonClass =
  'grid size-9 place-items-center rounded-xl border border-line bg-surface text-muted transition-colors hover:border-accent/60 hover:text-fg disabled:pointer-events-none disabled:opacity-40';

/** Back / forward buttons for a horizontal scroller; each moves it by most of its visible width. */
export function ScrollerButtons({ target, name }: { target: RefObject<HTMLElement | null>; name: string }) {
  const { t } = useTranslation();
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const el = target.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
  }, [target]);

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    // Measured again when the scroller is resized and when its items change (skeletons → games).
    // Item changes are read in the next frame, once: read at once, each row's commit would force a
    // layout of the whole page in the middle of page load; in the frame it is laid out anyway.
    let frame = 0;
    const measureInFrame = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    measureInFrame();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(el);
    const changed = new MutationObserver(measureInFrame);
    changed.observe(el, { childList: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', measure);
      resized?.disconnect();
      changed.disconnect();
    };
  }, [target, measure]);

  const move = (direction: 1 | -1) => {
    const el = target.current;
    if (!el) return;
    const reduced =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy?.({ left: direction * el.clientWidth * 0.85, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <div className="hidden gap-2 sm:flex">
      <button
        type="button"
        className={buttonClass}
        onClick={() => move(-1)}
        disabled={edges.start}
        aria-label={t('games.row.previous', { name })}
      >
        <Icon name="chevronLeft" />
      </button>
      <button
        type="button"
        className={buttonClass}
        onClick={() => move(1)}
        disabled={edges.end}
        aria-label={t('games.row.next', { name })}
      >
        <Icon name="chevronRight" />
      </button>
    </div>
  );
}
