import { Suspense, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isModalName, type Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { activeAccount, useAccounts, useMoney } from '@/features/wallet';
import { useLocalizedPath } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { useModal } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { launchPlan, modeChoiceOf, playMode, type PlayMode } from './launch-plan.ts';
import { maxBetsValue } from './max-bets-value.ts';
import { forgetGame, noticeAfterNavigation, rememberGame, useReturnToGame } from './return-to-game-store.ts';
import { startFailure } from './start-failure.ts';
import { onGameBetPush } from './game-bets-events.ts';
import {
  ModeSwitch,
  StageIcon,
  StageLoading,
  StagePlug,
  stageIconButton,
  stagePlugButton,
} from './game-stage-parts.tsx';
import { useDemoNudge } from './use-demo-nudge.ts';
import { RealityCheck } from '@/features/limits';
import { useFullscreen } from './use-fullscreen.ts';
import { useGameLaunch } from './use-game-launch.ts';
import './i18n/index.ts';

type Props = {
  game: Game;
  /** The id or identity the page was opened with: modals opened from here name the game by it. */
  routeId: string;
};

/**
 * The game: its stage (toolbar + sandboxed iframe, or what stands in its place), the mode, the
 * start and its refusals, the pushes about this game's bets, and the "return to game" memory.
 */
export function GamePlay({ game, routeId }: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const modal = useModal();
  const status = useSession((s) => s.status);
  const accounts = useAccounts();
  const money = useMoney();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);

  const choice = modeChoiceOf(params.get('real'));
  const realRequested = choice === 'real';
  // A player whose accounts failed to load gets what they chose, else demo (the safe default).
  const mode = playMode(game, choice, status, accounts.data) ?? (accounts.isError ? (choice ?? 'demo') : null);
  const active = status === 'player' ? activeAccount(accounts.data) : undefined;
  const [attempt, setAttempt] = useState(0);
  const restart = useCallback(() => setAttempt((n) => n + 1), []);

  // The balance counts before a start; once a start for this account and attempt went ahead it stays.
  const startKey = `${active?.id ?? ''}:${attempt}`;
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const plan = launchPlan({
    mode,
    status,
    accounts: accounts.data,
    accountsFailed: accounts.isError,
    balanceChecked: checkedKey === startKey,
  });
  // Recorded during render (React's "state from the previous render" pattern), so no render runs without it.
  if (plan.kind === 'launch' && !plan.demoMode && checkedKey !== startKey) setCheckedKey(startKey);

  const launch = useGameLaunch(game, plan, attempt);
  const failure = plan.kind === 'launch' && launch.error ? startFailure(launch.error) : null;
  const gameUrl = plan.kind === 'launch' ? launch.data?.gameUrl : undefined;

  // One reaction per refusal (the modal), however often this renders.
  const handledError = useRef<unknown>(null);
  useEffect(() => {
    const error = launch.error;
    if (!error || handledError.current === error || plan.kind !== 'launch') return;
    handledError.current = error;
    const found = startFailure(error);
    if (found.kind === 'geo') modal.open('geo-restricted-game', routeId);
    else if (found.kind === 'limit') modal.open('game-limit-reached', String(found.code));
    else if (found.kind === 'restricted') modal.open('restricted-bets', routeId);
    else if (found.kind === 'limited') {
      const home = localize('/');
      noticeAfterNavigation(
        {
          type: 'error',
          title: t('gamePlay.limitedNotice.title'),
          description: t('gamePlay.limitedNotice.text'),
          duration: 10_000,
        },
        home,
      );
      void navigate(home, { replace: true });
    }
  }, [launch.error, plan.kind, modal, routeId, navigate, localize, t]);

  // Real money without money: the deposit wallet, once per account; the plug stays behind it.
  const depositFor = plan.kind === 'deposit' ? (plan.currency ?? '') : null;
  const openedDepositFor = useRef<string | null>(null);
  useEffect(() => {
    if (depositFor === null) {
      openedDepositFor.current = null;
      return;
    }
    if (openedDepositFor.current === depositFor) return;
    openedDepositFor.current = depositFor;
    modal.open('wallet', 'deposit');
  }, [depositFor, modal]);

  // A guest who asked for real money is asked to sign up (once per asking).
  const askSignUp = plan.kind === 'sign-up' && realRequested;
  const askedSignUp = useRef(false);
  useEffect(() => {
    if (!askSignUp) {
      askedSignUp.current = false;
      return;
    }
    if (askedSignUp.current) return;
    askedSignUp.current = true;
    modal.open('sign-up');
  }, [askSignUp, modal]);

  useDemoNudge(status === 'guest' && mode === 'demo' && gameUrl !== undefined, routeId, params.has('demo-game'));

  // Closing the max-bets modal restarts the game (the provider's round state is reset).
  const maxBetsOpen = params.has('max-bets');
  const maxBetsWasOpen = useRef(maxBetsOpen);
  useEffect(() => {
    if (maxBetsWasOpen.current && !maxBetsOpen) restart();
    maxBetsWasOpen.current = maxBetsOpen;
  }, [maxBetsOpen, restart]);

  // Pushes about this game's bets count only while it runs for real money.
  const playingReal = status === 'player' && mode === 'real' && gameUrl !== undefined;
  useEffect(() => {
    if (!playingReal) return;
    return onGameBetPush((push) => {
      if (push.gameIdentity !== game.identity) return;
      if (push.kind === 'restricted') modal.open('restricted-bets', routeId);
      else modal.open('max-bets', maxBetsValue(push.currency, push.maxBetAmount));
    });
  }, [playingReal, game.identity, routeId, modal]);

  // Leaving a real-money game offers it back on phones; coming back to it withdraws the offer.
  const leftByClose = useRef(false);
  const liveReal = useRef(false);
  useEffect(() => {
    liveReal.current = playingReal;
  }, [playingReal]);
  useEffect(() => {
    if (useReturnToGame.getState().game?.identity === game.identity) forgetGame();
    return () => {
      if (liveReal.current && !leftByClose.current) rememberGame({ identity: game.identity, name: game.name });
    };
  }, [game.identity, game.name]);

  // A modal opens on the page, under a full-screen stage: leave full screen so it can be seen.
  const modalOpen = [...params.keys()].some(isModalName);
  useEffect(() => {
    if (modalOpen && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  }, [modalOpen]);

  const setMode = (next: PlayMode) => {
    setParams(
      (prev) => {
        const search = new URLSearchParams(prev);
        search.set('real', String(next === 'real'));
        return search;
      },
      { replace: true, preventScrollReset: true, state: { preventScrollReset: true } },
    );
  };

  const close = () => {
    leftByClose.current = true;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    void navigate(localize(lobbyPath));
  };

  const demoButton = game.isDemoMode && (
    <button type="button" className={stagePlugButton} onClick={() => setMode('demo')}>
      {t('gamePlay.mode.playDemo')}
    </button>
  );

  let content;
  if (plan.kind === 'sign-up') {
    content = (
      <StagePlug
        title={t('gamePlay.plug.signUpTitle')}
        text={t(game.isDemoMode ? 'gamePlay.plug.signUpText' : 'gamePlay.plug.signUpNoDemo', { game: game.name })}
      >
        <Button onClick={() => modal.open('sign-up')}>{t('account.signUp')}</Button>
        <button type="button" className={stagePlugButton} onClick={() => modal.open('sign-in')}>
          {t('account.signIn')}
        </button>
        {demoButton}
      </StagePlug>
    );
  } else if (plan.kind === 'deposit') {
    content = (
      <StagePlug
        title={t('gamePlay.plug.depositTitle')}
        text={
          plan.currency
            ? t('gamePlay.plug.depositText', { game: game.name, currency: plan.currency })
            : t('gamePlay.plug.noAccountText')
        }
      >
        <Button onClick={() => modal.open('wallet', 'deposit')}>
          {plan.currency ? t('account.deposit') : t('gamePlay.plug.openWallet')}
        </Button>
        {demoButton}
      </StagePlug>
    );
  } else if (failure?.kind === 'geo') {
    content = (
      <StagePlug
        tone="alert"
        title={t('gamePlay.plug.geoTitle')}
        text={t('gamePlay.plug.geoText', { game: game.name })}
      />
    );
  } else if (failure?.kind === 'limit' || failure?.kind === 'limited') {
    content = (
      <StagePlug tone="alert" title={t('gamePlay.plug.limitTitle')} text={t('gamePlay.plug.limitText')}>
        <Button onClick={() => void navigate(localize('/profile/limits'))}>{t('gamePlay.plug.limitAction')}</Button>
        {mode === 'real' && demoButton}
      </StagePlug>
    );
  } else if (failure?.kind === 'restricted') {
    content = (
      <StagePlug
        tone="alert"
        title={t('gamePlay.plug.restrictedTitle')}
        text={t('gamePlay.plug.restrictedText', { game: game.name })}
      >
        {mode === 'real' && demoButton}
      </StagePlug>
    );
  } else if (failure?.kind === 'sign-in') {
    content = (
      <StagePlug title={t('gamePlay.plug.signInTitle')} text={t('gamePlay.plug.signInText')}>
        <Button onClick={() => modal.open('sign-in')}>{t('account.signIn')}</Button>
      </StagePlug>
    );
  } else if (failure) {
    content = (
      <StagePlug
        tone="alert"
        title={t('gamePlay.plug.errorTitle')}
        text={t('gamePlay.plug.errorText', { game: game.name })}
      >
        <Button onClick={restart}>{t('gamePlay.retry')}</Button>
      </StagePlug>
    );
  } else if (gameUrl) {
    content = (
      <iframe
        key={gameUrl}
        src={gameUrl}
        title={t('gamePlay.frameTitle', { game: game.name })}
        // No allow-same-origin: the provider's page runs in an opaque origin, away from our storage and cookies.
        sandbox="allow-scripts allow-popups"
        allow="fullscreen"
        className="absolute inset-0 size-full border-0 bg-black"
      />
    );
  } else {
    content = <StageLoading label={t('gamePlay.starting')} />;
  }

  return (
    <div
      ref={stage}
      data-mode={mode ?? undefined}
      className={cn(
        'flex flex-col overflow-hidden bg-[#05080f] text-white',
        fullscreen.active
          ? 'h-screen w-screen'
          : 'relative -mx-4 -mt-6 h-[calc(var(--vh,1vh)*100-8rem-env(safe-area-inset-bottom))] sm:-mx-6 md:mx-0 md:mt-0 md:h-auto md:rounded-3xl md:border md:border-line md:shadow-card',
      )}
    >
      <div className="flex h-12 shrink-0 items-center gap-1 border-b border-white/10 bg-white/[0.03] px-2 sm:gap-2 sm:px-3">
        <span className="min-w-0 flex-1 truncate pl-1 text-sm font-semibold text-white md:hidden" aria-hidden="true">
          {game.name}
        </span>
        <div className="hidden min-w-0 flex-1 items-center gap-2 pl-1 text-sm md:flex">
          {mode === 'demo' ? (
            <span className="flex items-center gap-2 text-white/60">
              <span className="size-2 rounded-full bg-warn" aria-hidden="true" />
              {t('gamePlay.mode.demoBadge')}
            </span>
          ) : (
            active && (
              <span className="flex items-baseline gap-2 tabular-nums" data-testid="stage-balance">
                <span className="text-white/60">{t('gamePlay.toolbar.balance')}</span>
                <span className="font-semibold text-white">{money(active.balance, active.currency)}</span>
              </span>
            )
          )}
        </div>
        <ModeSwitch mode={mode} canDemo={game.isDemoMode} onChange={setMode} />
        {fullscreen.supported && (
          <button
            type="button"
            onClick={fullscreen.toggle}
            aria-label={fullscreen.active ? t('gamePlay.toolbar.exitFullscreen') : t('gamePlay.toolbar.fullscreen')}
            title={fullscreen.active ? t('gamePlay.toolbar.exitFullscreen') : t('gamePlay.toolbar.fullscreen')}
            className={stageIconButton}
          >
            <StageIcon name={fullscreen.active ? 'shrink' : 'expand'} />
          </button>
        )}
        <button
          type="button"
          onClick={close}
          aria-label={t('gamePlay.toolbar.close')}
          title={t('gamePlay.toolbar.close')}
          className={stageIconButton}
        >
          <StageIcon name="close" />
        </button>
      </div>
      <div
        className={cn('relative min-h-0 flex-1', !fullscreen.active && 'md:aspect-[var(--game-ratio)] md:flex-none')}
      >
        {content}
      </div>
      {playingReal && (
        <Suspense fallback={null}>
          <RealityCheck active={playingReal} currency={active?.currency} onStop={close} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The page column's style on desktop: the game's screen ratio (16:9 unless the catalogue says
 * otherwise) as `--game-ratio`, read by the frame's aspect ratio and by the column's width limit,
 * which keeps the whole stage inside the window under the header.
 */
export function gameColumnStyle(game: Pick<Game, 'screenWidthRatio' | 'screenHeightRatio'>): CSSProperties {
  const ratio =
    game.screenWidthRatio && game.screenHeightRatio ? game.screenWidthRatio / game.screenHeightRatio : 16 / 9;
  return { '--game-ratio': String(ratio) } as CSSProperties;
}

export const gameColumnClass = 'md:mx-auto md:w-full md:max-w-[calc((var(--vh,1vh)*100-18.5rem)*var(--game-ratio))]';

/** Breadcrumbs back to the lobby; the lobby is the last page the player browsed. */
export function GameBreadcrumbs({ game }: { game: Pick<Game, 'name'> & { provider: Pick<Game['provider'], 'name'> } }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  return (
    <nav aria-label={t('gamePlay.breadcrumbs')} className="hidden md:block">
      <ol className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <li>
          <Link to={localize(lobbyPath)} className="rounded hover:text-fg">
            {t('gamePlay.lobby')}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>{game.provider.name}</li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-fg">
          {game.name}
        </li>
      </ol>
    </nav>
  );
}
