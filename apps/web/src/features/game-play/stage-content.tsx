import type { ReactNode, RefObject } from 'react';
import { useNavigate } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Game } from '@casino/contracts';
import { useLocalizedPath } from '@/shared/i18n';
import { useModal } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import type { LaunchPlan, PlayMode } from './launch-plan.ts';
import type { StartFailure } from './start-failure.ts';
import { StageLoading, StagePlug, stagePlugButton } from './game-stage-parts.tsx';

type Props = {
  game: Pick<Game, 'name' | 'isDemoMode'>;
  plan: LaunchPlan;
  mode: PlayMode | null;
  failure: StartFailure | null;
  gameUrl: string | undefined;
  /** The game's frame: the page listens to what the game tells it. */
  frameRef?: RefObject<HTMLIFrameElement | null>;
  onDemo: () => void;
  onRetry: () => void;
};

/** What stands before a game the plan cannot start: a guest's sign-up, or a deposit. */
function PlanPlug({
  game,
  plan,
  demoButton,
}: {
  game: Props['game'];
  plan: Extract<LaunchPlan, { kind: 'sign-up' | 'deposit' }>;
  demoButton: ReactNode;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  if (plan.kind === 'sign-up') {
    return (
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
  }
  return (
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
}

/** Why the game did not start, with what the player can do about it. */
function FailurePlug({
  game,
  failure,
  mode,
  demoButton,
  onRetry,
}: Pick<Props, 'game' | 'mode' | 'onRetry'> & { failure: StartFailure; demoButton: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const modal = useModal();
  if (failure.kind === 'geo') {
    return (
      <StagePlug
        tone="alert"
        title={t('gamePlay.plug.geoTitle')}
        text={t('gamePlay.plug.geoText', { game: game.name })}
      />
    );
  }
  if (failure.kind === 'limit' || failure.kind === 'limited') {
    return (
      <StagePlug tone="alert" title={t('gamePlay.plug.limitTitle')} text={t('gamePlay.plug.limitText')}>
        <Button onClick={() => void navigate(localize('/profile/limits'))}>{t('gamePlay.plug.limitAction')}</Button>
        {mode === 'real' && demoButton}
      </StagePlug>
    );
  }
  if (failure.kind === 'restricted') {
    return (
      <StagePlug
        tone="alert"
        title={t('gamePlay.plug.restrictedTitle')}
        text={t('gamePlay.plug.restrictedText', { game: game.name })}
      >
        {mode === 'real' && demoButton}
      </StagePlug>
    );
  }
  if (failure.kind === 'sign-in') {
    return (
      <StagePlug title={t('gamePlay.plug.signInTitle')} text={t('gamePlay.plug.signInText')}>
        <Button onClick={() => modal.open('sign-in')}>{t('account.signIn')}</Button>
      </StagePlug>
    );
  }
  return (
    <StagePlug
      tone="alert"
      title={t('gamePlay.plug.errorTitle')}
      text={t('gamePlay.plug.errorText', { game: game.name })}
    >
      <Button onClick={onRetry}>{t('gamePlay.retry')}</Button>
    </StagePlug>
  );
}

/** What the stage shows: the game's frame, what stands before it (sign-up, deposit), a refusal, or the wait. */
export function StageContent({ game, plan, mode, failure, gameUrl, frameRef, onDemo, onRetry }: Props) {
  const { t } = useTranslation();

  const demoButton = game.isDemoMode && (
    <button type="button" className={stagePlugButton} onClick={onDemo}>
      {t('gamePlay.mode.playDemo')}
    </button>
  );

  if (plan.kind === 'sign-up' || plan.kind === 'deposit')
    return <PlanPlug game={game} plan={plan} demoButton={demoButton} />;
  if (failure)
    return <FailurePlug game={game} failure={failure} mode={mode} demoButton={demoButton} onRetry={onRetry} />;
  if (gameUrl) {
    return (
      <iframe
        key={gameUrl}
        ref={frameRef}
        src={gameUrl}
        title={t('gamePlay.frameTitle', { game: game.name })}
        // No allow-same-origin: the provider's page runs in an opaque origin, away from our storage and cookies.
        sandbox="allow-scripts allow-popups"
        allow="fullscreen"
        className="absolute inset-0 size-full border-0 bg-black"
      />
    );
  }
  return <StageLoading label={t('gamePlay.starting')} />;
}
