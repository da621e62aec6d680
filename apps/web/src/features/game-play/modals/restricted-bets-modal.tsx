import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { SPORTSBOOK_GAME_IDENTITY } from '@casino/contracts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { GameUnavailableModal } from './game-unavailable-modal.tsx';
import '../i18n/index.ts';

/**
 * `?restricted-bets=<game>`: the operator does not take bets on this game from the player (14306 or
 * the push). For the sportsbook the player stays where they are: the page still browses.
 */
export default function RestrictedBetsModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  if (value !== SPORTSBOOK_GAME_IDENTITY)
    return <GameUnavailableModal reason="restricted" gameId={value} close={close} />;
  return (
    <ModalFrame title={t('gamePlay.modals.restricted.title')} size="sm">
      <p className="text-sm text-fg">{t('gamePlay.modals.restricted.sportsbook')}</p>
      <Button className="mt-6" block onClick={close}>
        {t('common.close')}
      </Button>
    </ModalFrame>
  );
}
