import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { cn } from '@/shared/lib/cn.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

/** The heart on a card: a player's toggle; for a guest, the way to an account (favourites need one). */
export function FavoriteButton({ game, className }: { game: Game; className?: string }) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  const toggle = useToggleFavorite();
  const pressed = status === 'player' && game.isFavorite;

  const onClick = () => {
    if (status !== 'player') {
      open('sign-up');
      return;
    }
    toggle.mutate(
      { game, favorite: !game.isFavorite },
      { onError: (error) => toast({ type: 'error', title: t('games.favorites.failed'), description: error.message }) },
    );
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('games.favorites.toggle', { name: game.name })}
      disabled={status === 'unknown'}
      onClick={onClick}
      className={cn(
        'grid size-8 place-items-center rounded-full sm:size-9 bg-page/80 transition-colors hover:bg-page/95 disabled:opacity-60',
        pressed ? 'text-rose-400' : 'text-fg/85 hover:text-fg',
        className,
      )}
    >
      <Icon name="heart" className={cn('size-4 sm:size-[18px]', pressed && 'fill-current')} />
    </button>
  );
}
