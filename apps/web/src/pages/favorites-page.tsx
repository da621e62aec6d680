import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { EmptyGames, GameGrid, GameGridSkeleton, PlayerGamesGate, useFavorites } from '@/features/games';
import { LocaleLink } from '@/shared/i18n';
import { Button, buttonClass } from '@/shared/ui/button.tsx';

/** The player's favourite games. A heart un-ticked here stays on screen until the server's list arrives. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  return (
    <PlayerGamesGate title={t('pages.favorites.title')} icon="heart" guestText={t('games.favoritesPage.guest')}>
      <Favorites />
    </PlayerGamesGate>
  );
}

function Favorites() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  if (favorites.isPending) return <GameGridSkeleton count={6} />;
  if (favorites.isError) {
    return (
      <div
        role="alert"
        className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-5 text-sm text-muted"
      >
        {t('games.loadFailed')}
        <Button size="sm" variant="secondary" onClick={() => void favorites.refetch()}>
          {t('games.retry')}
        </Button>
      </div>
    );
  }
  if (favorites.data.length === 0) {
    return (
      <EmptyGames
        icon="heart"
        text={t('games.favoritesPage.empty')}
        action={
          <LocaleLink to="/categories" className={buttonClass()}>
            {t('home.browse')}
          </LocaleLink>
        }
      />
    );
  }
  return (
    <>
      <p className="text-sm text-muted">{t('games.category.total', { count: favorites.data.length })}</p>
      <GameGrid games={favorites.data} label={t('pages.favorites.title')} />
    </>
  );
}
