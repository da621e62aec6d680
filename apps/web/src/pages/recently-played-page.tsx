import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { EmptyGames, PagedGames, PlayerGamesGate, usePlatform, usePlayed } from '@/features/games';
import { LocaleLink } from '@/shared/i18n';
import { buttonClass } from '@/shared/ui/button.tsx';

/** The games the player launched last, newest first. */
export default function RecentlyPlayedPage() {
  const { t } = useTranslation();
  return (
    <PlayerGamesGate title={t('pages.recentlyPlayed.title')} icon="clock" guestText={t('games.playedPage.guest')}>
      <Played />
    </PlayerGamesGate>
  );
}

function Played() {
  const { t } = useTranslation();
  const played = usePlayed(usePlatform());
  return (
    <PagedGames
      query={played}
      label={t('pages.recentlyPlayed.title')}
      skeleton={6}
      empty={
        <EmptyGames
          icon="clock"
          text={t('games.playedPage.empty')}
          action={
            <LocaleLink to="/categories" className={buttonClass()}>
              {t('home.browse')}
            </LocaleLink>
          }
        />
      }
    />
  );
}
