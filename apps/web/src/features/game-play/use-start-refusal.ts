import { useNavigate } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useLocalizedPath } from '@/shared/i18n';
import { useModal } from '@/shared/modals/index.ts';
import { noticeAfterNavigation } from './return-to-game-store.ts';
import { startFailure } from './start-failure.ts';

/**
 * What a refused start does besides the plug on the stage: the refusal's modal, or, for a limited
 * player, home with a notice. `routeId` names the game in the modals.
 */
export function useStartRefusal(routeId: string): (error: unknown) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const modal = useModal();

  return (error: unknown) => {
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
  };
}
