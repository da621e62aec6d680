import { Suspense } from 'react';
import { useParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { useFreespinsWaiting } from '@/features/bonuses/page.ts';
import { GameBreadcrumbs, GamePlay, gameColumnClass, gameColumnStyle, useGame } from '@/features/game-play/page.ts';
import { activeAccount, useAccounts } from '@/features/wallet';
import { GameTournaments } from '@/features/tournaments';
import { LocaleLink } from '@/shared/i18n';
import { isApiError } from '@/shared/lib/http.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { PageLoading } from './page-loading.tsx';

/** `/games/:id` (id or identity): one game, in demo by default or for real money with `?real=true`. */
export default function GamePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const game = useGame(id);
  const notFound = isApiError(game.error) && game.error.status === 404;
  usePageTitle(game.data?.name ?? (notFound ? t('gamePlay.notFound.title') : null));

  if (game.isPending) return <PageLoading />;
  if (notFound) {
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('gamePlay.notFound.title')}</h1>
        <p className="mt-3 text-muted">{t('gamePlay.notFound.text')}</p>
        <LocaleLink to="/" className={`${buttonClass('primary')} mt-6`}>
          {t('gamePlay.notFound.back')}
        </LocaleLink>
      </section>
    );
  }
  if (!game.data) {
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
        <p className="text-fg">{t('gamePlay.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void game.refetch()}>
          {t('gamePlay.retry')}
        </Button>
      </div>
    );
  }

  const data = game.data;
  return (
    <div className={cn('flex flex-col gap-4 md:gap-5', gameColumnClass)} style={gameColumnStyle(data)}>
      <GameBreadcrumbs game={data} />
      {/* On phones the stage comes first and names the game in its toolbar; the heading stays for screen readers. */}
      <header className="sr-only md:not-sr-only">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{data.name}</h1>
        <p className="mt-1 text-sm text-muted">{t('gamePlay.byProvider', { provider: data.provider.name })}</p>
      </header>
      <GameWithFreeSpins key={data.identity} game={data} routeId={id} />
      <Suspense fallback={null}>
        <GameTournaments gameId={data.id} />
      </Suspense>
    </div>
  );
}

/** The game, told whether the player's free spins wait on it (it then starts for real money, with no stake). */
function GameWithFreeSpins({ game, routeId }: { game: Game; routeId: string }) {
  const status = useSession((s) => s.status);
  const accounts = useAccounts();
  // Not known while the session or the accounts load; none for a guest, or when the accounts failed.
  const currency =
    status === 'unknown' || (status === 'player' && accounts.isPending)
      ? undefined
      : status === 'player' && accounts.data
        ? (activeAccount(accounts.data)?.currency ?? null)
        : null;
  const freeSpins = useFreespinsWaiting(game.id, currency);
  return <GamePlay game={game} routeId={routeId} freeSpins={freeSpins} />;
}
