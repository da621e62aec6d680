import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Game } from '@casino/contracts';
import type { Page } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useInView } from '../lib/use-in-view.ts';
import { GameGrid, GameGridSkeleton } from './game-grid.tsx';

/**
 * Pages loaded by scrolling alone; past that, the visitor asks for more with the button, so the
 * footer stays reachable even in a catalogue of thousands.
 */
const AUTO_PAGES = 10;

type PagedGamesProps = {
  query: UseInfiniteQueryResult<InfiniteData<Page<Game>>>;
  label: string;
  empty: ReactNode;
  skeleton?: number;
};

/** A grid that grows page by page: automatically near its end, or with "load more". */
export function PagedGames({ query, label, empty, skeleton = 12 }: PagedGamesProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const nearEnd = useInView(sentinel, { rootMargin: '800px', once: false });
  const pages = query.data?.pages ?? [];
  const games = pages.flatMap((p) => p.data);
  const total = pages[0]?.meta.totalRows ?? 0;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const auto = pages.length < AUTO_PAGES;

  useEffect(() => {
    if (nearEnd && auto && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [nearEnd, auto, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  let body: ReactNode;
  if (query.isPending) body = <GameGridSkeleton count={skeleton} />;
  else if (query.isError && games.length === 0) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5 text-sm text-muted"
      >
        {t('games.loadFailed')}
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('games.retry')}
        </Button>
      </div>
    );
  } else if (games.length === 0) body = empty;
  else body = <GameGrid games={games} label={label} />;

  return (
    <div>
      {body}
      {/* Always rendered: it is what the viewport observer watches. */}
      <div ref={sentinel} className="mt-8 flex flex-col items-center gap-3">
        {games.length > 0 && (
          <p className="text-sm text-muted" aria-live="polite">
            {t('games.grid.showing', { shown: games.length, total })}
          </p>
        )}
        {games.length > 0 && hasNextPage && (
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('games.loadMore')}
          </Button>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm text-danger">
            {t('games.loadFailed')}
          </p>
        )}
      </div>
    </div>
  );
}
