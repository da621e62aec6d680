import { Suspense, useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { Link, useNavigate, useSearchParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Game } from '@casino/contracts';
import { RealityCheck, playSessionStart } from '@/features/limits';
import { useMoney } from '@/shared/lib/use-money.ts';
import { useLocalizedPath } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { useReturnToGame } from './return-to-game-store.ts';
import { StageToolbar } from './game-stage-parts.tsx';
import { StageContent } from './stage-content.tsx';
import { useBetPushes } from './use-bet-pushes.ts';
import { useDemoNudge } from './use-demo-nudge.ts';
import { exitFullscreen, useExitFullscreenForModals, useFullscreen } from './use-fullscreen.ts';
import { useGameLaunch } from './use-game-launch.ts';
import { useGameTells } from './use-game-tells.ts';
import { useLaunchPlan } from './use-launch-plan.ts';
import { usePlanPrompts } from './use-plan-prompts.ts';
import { useRememberGame } from './use-remember-game.ts';
import { useStartRefusal } from './use-start-refusal.ts';
import './i18n/index.ts';

type Props = {
  game: Game;
  /** The id or identity the page was opened with: modals opened from here name the game by it. */
  routeId: string;
  /** Free spins wait on this game in the active account's currency (undefined: not known yet). */
  freeSpins: boolean | undefined;
};

/**
 * The game: its stage (toolbar + sandboxed iframe, or what stands in its place), the mode, the
 * start and its refusals, the pushes about this game's bets, and the "return to game" memory.
 */
export function GamePlay({ game, routeId, freeSpins }: Props) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const money = useMoney();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const fullscreen = useFullscreen(stage);
  useExitFullscreenForModals();

  const { status, mode, realRequested, active, plan, attempt, restart, setMode } = useLaunchPlan(game, freeSpins);
  usePlanPrompts(plan, realRequested);
  const onRefused = useStartRefusal(routeId);
  const { gameUrl, failure } = useGameLaunch(game, plan, attempt, onRefused);
  const running = gameUrl !== undefined;
  useDemoNudge(status === 'guest' && mode === 'demo' && running, routeId, params.has('demo-game'));
  const playingReal = status === 'player' && mode === 'real' && running;
  // The reality check's clock starts with the game, not once its lazy chunk has loaded.
  useEffect(() => {
    if (playingReal) playSessionStart();
  }, [playingReal]);
  const tells = useGameTells(frame, gameUrl);
  const tellsMaxBet = useCallback(() => tells('max-bet'), [tells]);
  useBetPushes(game.identity, routeId, playingReal, tellsMaxBet);
  const closingOnPurpose = useRememberGame(game, playingReal);

  const close = () => {
    closingOnPurpose();
    exitFullscreen();
    void navigate(localize(lobbyPath));
  };

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
      <StageToolbar
        name={game.name}
        mode={mode}
        canDemo={game.isDemoMode}
        balance={active ? money(active.balance, active.currency) : null}
        fullscreen={fullscreen}
        onMode={setMode}
        onClose={close}
      />
      <div
        className={cn('relative min-h-0 flex-1', !fullscreen.active && 'md:aspect-[var(--game-ratio)] md:flex-none')}
      >
        <StageContent
          game={game}
          plan={plan}
          mode={mode}
          failure={failure}
          gameUrl={gameUrl}
          frameRef={frame}
          onDemo={() => setMode('demo')}
          onRetry={restart}
        />
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
