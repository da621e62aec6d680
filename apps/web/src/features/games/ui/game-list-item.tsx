import type { Game } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { gameArt } from '../lib/images.ts';
import { gamePath } from '../lib/paths.ts';
import { GameArt } from './game-art.tsx';

/** A compact game row (search results and suggestions): square art, name, studio; links to the game. */
export function GameListItem({ game }: { game: Game }) {
  return (
    <LocaleLink
      to={gamePath(game.identity)}
      data-result=""
      className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-raised focus-visible:bg-raised"
    >
      <GameArt
        set={gameArt(game, '200x200')}
        alt={game.name}
        decorative
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-lg"
      />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-fg">{game.name}</span>
        <span className="block truncate text-xs text-muted">{game.provider.name}</span>
      </span>
    </LocaleLink>
  );
}
