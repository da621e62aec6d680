import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Icon } from '@/shared/ui/icon.tsx';

const buttonClass =
  'grid size-9 place-items-center rounded-xl border border-line bg-surface text-muted transition-colors hover:border-accent/60 hover:text-fg disabled:pointer-events-none disabled:opacity-40';

/**
 * Back / forward buttons for a horizontal scroller; each moves it by most of its visible width.
 * Whether the row is at its start or its end is told by an IntersectionObserver watching its first
 * and last items: nothing reads sizes, so no row forces a layout of the page while it loads (reading
 * scrollWidth on each row's change cost ~50 ms of layouts at page load on a fast machine).
 */
export function ScrollerButtons({ target, name }: { target: RefObject<HTMLElement | null>; name: string }) {
  const { t } = useTranslation();
  const [edges, setEdges] = useState({ start: true, end: false });

  useEffect(() => {
    const el = target.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    let first: Element | null = null;
    let last: Element | null = null;
    const seen = new IntersectionObserver(
      (entries) => {
        const at: { start?: boolean; end?: boolean } = {};
        for (const entry of entries) {
          if (entry.target === first) at.start = entry.isIntersecting;
          if (entry.target === last) at.end = entry.isIntersecting;
        }
        setEdges((now) => {
          const next = { start: at.start ?? now.start, end: at.end ?? now.end };
          return next.start === now.start && next.end === now.end ? now : next;
        });
      },
      // An item counts as reached when it is within 4 px of fully shown.
      { root: el, rootMargin: '0px 4px', threshold: 0.99 },
    );
    // The items change (skeletons → games): watch the new first and last.
    const watchEnds = () => {
      if (el.firstElementChild === first && el.lastElementChild === last) return;
      if (first) seen.unobserve(first);
      if (last) seen.unobserve(last);
      first = el.firstElementChild;
      last = el.lastElementChild;
      if (first) seen.observe(first);
      if (last && last !== first) seen.observe(last);
    };
    watchEnds();
    const changed = new MutationObserver(watchEnds);
    changed.observe(el, { childList: true });
    return () => {
      seen.disconnect();
      changed.disconnect();
    };
  }, [target]);

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
