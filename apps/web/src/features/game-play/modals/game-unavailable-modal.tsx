import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useNavigate } from '@/shared/router';
import { useLocalizedPath } from '@/shared/i18n';
import { ModalFrame } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useGame } from '../api/get-game.ts';
import { useReturnToGame } from '../return-to-game-store.ts';
import '../i18n/index.ts';

/** A game the player cannot play here: says why (texts under `gamePlay.modals.<reason>`) and leads back to the lobby. */
export function GameUnavailableModal({
  reason,
  gameId,
  close,
}: {
  reason: 'geo' | 'restricted';
  gameId: string;
  close: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  const game = useGame(gameId).data;
  return (
    <ModalFrame title={t(`gamePlay.modals.${reason}.title`)} size="sm">
      <p className="text-sm text-fg">
        {game ? t(`gamePlay.modals.${reason}.text`, { game: game.name }) : t(`gamePlay.modals.${reason}.textGeneric`)}
      </p>
      <div className="mt-6 flex flex-col gap-2">
        <Button block onClick={() => void navigate(localize(lobbyPath))}>
          {t(`gamePlay.modals.${reason}.browse`)}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('common.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
