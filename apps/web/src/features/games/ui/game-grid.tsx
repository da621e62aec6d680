import type { Game } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { GameCard, GameCardSkeleton } from './game-card.tsx';

/** Three columns on a phone; from 640px as many as fit at 8.75rem or more (seven in a 1440px window). */
const gridClass =
  'grid grid-cols-3 gap-x-2.5 gap-y-4 sm:grid-cols-[repeat(auto-fill,minmax(8.75rem,1fr))] sm:gap-x-4 sm:gap-y-5';

/**
 * A grid of game cards. Grids here can grow to thousands of cards (infinite scroll); each card
 * uses `content-visibility: auto`, so the browser skips style, layout and paint of cards off
 * screen while they stay real links (find-in-page, screen readers, keyboard all still work). That
 * keeps scrolling smooth without a virtualiser (which would need either a dependency or row
 * measuring for a responsive column count), and images load lazily on top of that.
 */
export function GameGrid({ games, label, className }: { games: readonly Game[]; label?: string; className?: string }) {
  return (
    <ul className={cn(gridClass, className)} aria-label={label}>
      {games.map((game) => (
        <li key={game.id} className="min-w-0">
          <GameCard game={game} deferRender />
        </li>
      ))}
    </ul>
  );
}

export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={gridClass} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <GameCardSkeleton key={i} />
      ))}
    </div>
  );
}
