import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { useGame } from '@/features/game-play';
import { activeAccount, useAccounts } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { isApiError } from '@/shared/lib/http.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { gameArt } from './lib/images.ts';
import { gamePath } from './lib/paths.ts';
import { GameArt } from './ui/game-art.tsx';
import { GameBadges } from './ui/game-badges.tsx';
import './i18n/index.ts';

/**
 * What a tap on a game card opens on phones (`?mobile-game=<identity>`): the game and the one
 * right way in for this visitor. Guests: sign up or sign in (and the demo, if the game has one).
 * Players with money: play for real. Players without: deposit. Demo whenever the game offers it.
 */
export default function MobileGameModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const game = useGame(value);

  // `?mobile-game` without a game id names no game: say so rather than load forever.
  if (!value) {
    return (
      <ModalFrame title={t('games.mobile.missing')} size="sm">
        <Button block onClick={close}>
          {t('common.close')}
        </Button>
      </ModalFrame>
    );
  }
  if (game.isPending) {
    return (
      <ModalFrame title={t('games.mobile.loading')} size="sm">
        <div className="grid min-h-40 place-items-center">
          <Spinner label={t('common.loading')} className="size-7 text-accent" />
        </div>
      </ModalFrame>
    );
  }
  if (game.isError) {
    const missing = isApiError(game.error) && game.error.status === 404;
    return (
      <ModalFrame title={t(missing ? 'games.mobile.missing' : 'games.loadFailed')} size="sm">
        <Button block onClick={missing ? close : () => void game.refetch()}>
          {t(missing ? 'common.close' : 'games.retry')}
        </Button>
      </ModalFrame>
    );
  }
  return <GameSheet game={game.data} />;
}

function GameSheet({ game }: { game: Game }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={game.name} description={game.provider.name} size="sm">
      <div className="flex gap-4">
        <span className="relative block aspect-[2/3] w-28 shrink-0 overflow-hidden rounded-2xl bg-raised">
          <GameArt
            set={gameArt(game)}
            alt={game.name}
            width={200}
            height={300}
            className="absolute inset-0 size-full"
          />
        </span>
        <div className="min-w-0 space-y-2 text-sm">
          <GameBadges labels={game.labels} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted">
            <dt>{t('games.mobile.type')}</dt>
            <dd className="text-fg">{t(`games.types.${game.type}`, { defaultValue: game.type })}</dd>
            {game.volatility && (
              <>
                <dt>{t('games.mobile.volatility')}</dt>
                <dd className="text-fg">
                  {t(`games.volatility.${game.volatility}`, { defaultValue: game.volatility })}
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>
      <Actions game={game} />
    </ModalFrame>
  );
}

function Actions({ game }: { game: Game }) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const accounts = useAccounts();
  const money = useMoney();
  const { replace } = useModal();
  const account = activeAccount(accounts.data);

  const demo = game.isDemoMode && (
    <LocaleLink to={gamePath(game.identity)} className={buttonClass('secondary', 'lg', true)}>
      {t('games.mobile.demo')}
    </LocaleLink>
  );

  let main;
  if (status === 'unknown' || (status === 'player' && accounts.isPending)) {
    main = <Spinner label={t('common.loading')} className="mx-auto size-6 text-accent" />;
  } else if (status === 'guest') {
    main = (
      <>
        <p className="text-sm text-muted">
          {t(game.isDemoMode ? 'games.mobile.guestHint' : 'games.mobile.guestNoDemo')}
        </p>
        <Button size="lg" block onClick={() => replace('mobile-game', 'sign-up')}>
          {t('games.mobile.signUp')}
        </Button>
        <Button size="lg" block variant="secondary" onClick={() => replace('mobile-game', 'sign-in')}>
          {t('account.signIn')}
        </Button>
      </>
    );
  } else if (account && account.balance > 0) {
    main = (
      <>
        <p className="text-sm text-muted">
          {t('games.mobile.balance', { amount: money(account.balance, account.currency) })}
        </p>
        <LocaleLink to={gamePath(game.identity, true)} className={buttonClass('primary', 'lg', true)}>
          {t('games.mobile.play')}
        </LocaleLink>
      </>
    );
  } else {
    main = (
      <>
        <p className="text-sm text-muted">{t('games.mobile.noBalance')}</p>
        <Button size="lg" block onClick={() => replace('mobile-game', 'wallet', 'deposit')}>
          {t('account.deposit')}
        </Button>
      </>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-3" data-testid="mobile-game-actions">
      {main}
      {demo}
    </div>
  );
}
