import type { MouseEvent } from 'react';
import type { Game } from '@casino/contracts';
import { seedGame } from '@/features/game-play';
import { cn } from '@/shared/lib/cn.ts';
import { LocaleLink } from '@/shared/i18n';
import { useModal } from '@/shared/modals/use-modal.ts';
import { gameArt } from '../lib/images.ts';
import { PHONE_QUERY } from '../lib/media.ts';
import { gamePath } from '../lib/paths.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { GameArt } from './game-art.tsx';
import { GameBadges } from './game-badges.tsx';

type GameCardProps = {
  game: Game;
  /** Grids with many cards let the browser skip laying out the ones off screen. */
  deferRender?: boolean;
  /** The first cards on screen: their art loads at once (it is the page's largest paint), not lazily. */
  priority?: boolean;
  className?: string;
};

/**
 * A game tile: 2:3 artwork, labels, name, studio, and a heart. It links to the game (demo unless
 * the game page is told otherwise). On phones a tap opens the mobile-game sheet instead, which
 * offers the right way in (play, demo, deposit, sign up) before anything loads.
 */
export function GameCard({ game, deferRender = false, priority = false, className }: GameCardProps) {
  const { open } = useModal();

  // Asked at tap time rather than with a media-query subscription per card: a lobby shows hundreds.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      !window.matchMedia(PHONE_QUERY).matches ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.button !== 0
    )
      return;
    event.preventDefault();
    seedGame(game);
    open('mobile-game', game.identity);
  };

  return (
    <article
      className={cn(
        'group relative min-w-0',
        deferRender && '[contain-intrinsic-size:auto_300px] [content-visibility:auto]',
        className,
      )}
      data-testid="game-card"
    >
      <LocaleLink to={gamePath(game.identity)} onClick={onClick} className="block rounded-xl sm:rounded-2xl">
        <span className="relative block aspect-[2/3] overflow-hidden rounded-xl border sm:rounded-2xl border-line/60 bg-raised shadow-sm">
          <GameArt
            set={gameArt(game)}
            alt={game.name}
            width={200}
            height={300}
            priority={priority}
            className="absolute inset-0 size-full transition-transform duration-300 group-hover:scale-[1.04]"
          />
          <GameBadges
            labels={game.labels}
            className="absolute left-1.5 right-10 top-1.5 sm:left-2 sm:right-12 sm:top-2"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/55 to-transparent opacity-0 transition-opacity group-hover:opacity-100"
          />
        </span>
        <span
          className="mt-1.5 block truncate px-0.5 text-[13px] font-semibold text-fg sm:mt-2 sm:text-sm"
          aria-hidden="true"
        >
          {game.name}
        </span>
        <span className="block truncate px-0.5 text-[11px] text-muted sm:text-xs">{game.provider.name}</span>
      </LocaleLink>
      <FavoriteButton game={game} className="absolute right-1.5 top-1.5 sm:right-2 sm:top-2" />
    </article>
  );
}

/**
 * The card's place while its game loads: the same box, so nothing shifts. It pulses only while a
 * load is under way (`pulse`): dozens of placeholders animating below the fold would keep the
 * main thread busy for nothing.
 */
export function GameCardSkeleton({ className, pulse = true }: { className?: string; pulse?: boolean }) {
  const block = pulse ? 'animate-pulse bg-raised' : 'bg-raised';
  return (
    <div className={cn('min-w-0', className)} aria-hidden="true">
      <div className={cn('aspect-[2/3] rounded-xl sm:rounded-2xl', block)} />
      <div className={cn('mt-2 h-4 w-3/4 rounded', block)} />
      <div className={cn('mt-1 h-3 w-1/2 rounded', block)} />
    </div>
  );
}
