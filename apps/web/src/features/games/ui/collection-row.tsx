import { useDeferredValue, useId, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Collection } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { Button } from '@/shared/ui/button.tsx';
import { useGamesPage } from '../api/get-games.ts';
import { usePlatform } from '../lib/media.ts';
import { categoryPath } from '../lib/paths.ts';
import { useInView } from '../lib/use-in-view.ts';
import { GameCard, GameCardSkeleton } from './game-card.tsx';
import { ScrollerButtons } from './scroller-buttons.tsx';

const ROW_SIZE = 18;
// About three cards and a peek of the next on a phone, so the row reads as scrollable.
// Cards scrolled out of the row skip layout and paint until they come into view.
const itemClass =
  'w-[7.25rem] shrink-0 snap-start sm:w-[10rem] [content-visibility:auto] [contain-intrinsic-size:auto_7.25rem_auto_14.5rem] sm:[contain-intrinsic-size:auto_10rem_auto_19rem]';

/**
 * One collection on the home page: 18 cards in a horizontal scroller, "see all" and back/forward.
 * Its games load only when the row comes near the viewport, so rows below the fold cost nothing
 * until the visitor scrolls; the skeleton has the row's final height, so nothing jumps.
 */
/** `first`: the row at the top of the lobby, whose first cards are the largest paint of the page. */
export function CollectionRow({ collection, first = false }: { collection: Collection; first?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLUListElement>(null);
  const inView = useInView(section, { rootMargin: '100px' });
  const platform = usePlatform();
  const games = useGamesPage(
    { collectionId: [collection.id], perPage: ROW_SIZE, platform, sortBy: 'default' },
    { enabled: inView },
  );
  // Eighteen cards are drawn in a time-sliced background render, so a row arriving never blocks a tap.
  const page = useDeferredValue(games.data);

  if (page && page.data.length === 0) return null;
  return (
    <section ref={section} aria-labelledby={headingId}>
      <div className="mb-3 flex items-center gap-3">
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-xl font-bold tracking-tight text-fg">
          {collection.name}
        </h2>
        <LocaleLink
          to={categoryPath(collection.identity)}
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:underline"
        >
          {t('games.row.seeAll')}
          <span className="sr-only"> {collection.name}</span>
          {page && <span className="ml-1 text-muted">{page.meta.totalRows}</span>}
        </LocaleLink>
        <ScrollerButtons target={scroller} name={collection.name} />
      </div>
      {games.isError ? (
        <div
          role="alert"
          className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-muted"
        >
          {t('games.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void games.refetch()}>
            {t('games.retry')}
          </Button>
        </div>
      ) : (
        <ul
          ref={scroller}
          aria-label={collection.name}
          aria-busy={!page}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-2.5 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:-mx-1 sm:scroll-px-1 sm:gap-4 sm:px-1 [&::-webkit-scrollbar]:hidden"
        >
          {page
            ? page.data.map((game, i) => (
                <li key={game.id} className={itemClass}>
                  <GameCard game={game} priority={first && i < 3} />
                </li>
              ))
            : Array.from({ length: 8 }, (_, i) => (
                <li key={i} className={itemClass}>
                  <GameCardSkeleton pulse={inView} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
