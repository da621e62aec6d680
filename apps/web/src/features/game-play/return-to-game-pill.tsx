import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { forgetGame, type ReturnGame } from './return-to-game-store.ts';
import './i18n/index.ts';

/** A small pill above the phone's bottom navigation, back into the real-money game the player left. */
export default function ReturnToGamePill({ game }: { game: ReturnGame }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 flex justify-center px-4 md:hidden">
      <div className="animate-fade-in pointer-events-auto flex max-w-full items-center gap-1 rounded-full border border-accent/40 bg-surface/95 p-1 shadow-card backdrop-blur-md">
        <LocaleLink
          to={`/games/${encodeURIComponent(game.identity)}?real=true`}
          className="flex min-w-0 items-center gap-2 rounded-full bg-accent py-2 pl-3 pr-4 text-sm font-semibold text-on-accent"
        >
          <svg viewBox="0 0 24 24" className="size-4 shrink-0" aria-hidden="true" fill="currentColor">
            <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
          </svg>
          <span className="truncate">{t('gamePlay.pill.label', { game: game.name })}</span>
        </LocaleLink>
        <button
          type="button"
          onClick={forgetGame}
          aria-label={t('gamePlay.pill.dismiss', { game: game.name })}
          className="grid size-9 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-raised hover:text-fg"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
    </div>
  );
}
