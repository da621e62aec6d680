import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '@/shared/i18n';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useGame } from '../api/get-game.ts';
import { useReturnToGame } from '../return-to-game-store.ts';
import '../i18n/index.ts';

/** `?geo-restricted-game=<game>`: the game cannot be played from the player's country (error 14308). */
export default function GeoRestrictedGameModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  const game = useGame(value).data;
  return (
    <ModalFrame title={t('gamePlay.modals.geo.title')} size="sm">
      <p className="text-sm text-fg">{game ? t('gamePlay.modals.geo.text', { game: game.name }) : t('gamePlay.modals.geo.textGeneric')}</p>
      <div className="mt-6 flex flex-col gap-2">
        <Button block onClick={() => void navigate(localize(lobbyPath))}>
          {t('gamePlay.modals.geo.browse')}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('common.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
