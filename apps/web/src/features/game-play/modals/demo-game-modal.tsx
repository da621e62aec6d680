import { useEffect } from 'react';
import { useNavigate, useLocation } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { parseSearch, toSearch } from '@/shared/modals/modal-query.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useGame } from '../api/get-game.ts';
import '../i18n/index.ts';

/** `?demo-game=<game>`: the "play for real" nudge during demo play. Guests are asked to sign up, players to switch. */
export default function DemoGameModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useGame(value);
  const game = query.data;
  // A nudge for a game that does not exist (a stale or edited link) has nothing to offer.
  const missing = value === '' || query.isError;
  useEffect(() => {
    if (missing) close();
  }, [missing, close]);

  // Every way forward is real money: the page switches to it, behind the sign-up or sign-in for a guest.
  const toReal = (then?: 'sign-up' | 'sign-in') => {
    const entries = parseSearch(location.search).filter(([key]) => key !== 'demo-game' && key !== 'real');
    entries.push(['real', 'true']);
    if (then) entries.push([then, '']);
    void navigate(
      { pathname: location.pathname, search: toSearch(entries) },
      { replace: true, preventScrollReset: true, state: { preventScrollReset: true } },
    );
  };

  if (missing) return null;
  return (
    <ModalFrame
      title={game ? t('gamePlay.modals.demo.title', { game: game.name }) : t('gamePlay.modals.demo.titleGeneric')}
      description={status === 'player' ? t('gamePlay.modals.demo.playerText') : t('gamePlay.modals.demo.guestText')}
      size="sm"
    >
      <div className="flex flex-col gap-2">
        {status === 'player' ? (
          <Button block onClick={() => toReal()}>
            {t('gamePlay.modals.demo.playReal')}
          </Button>
        ) : (
          <>
            <Button block onClick={() => toReal('sign-up')}>
              {t('gamePlay.modals.demo.signUp')}
            </Button>
            <Button block variant="secondary" onClick={() => toReal('sign-in')}>
              {t('gamePlay.modals.demo.signIn')}
            </Button>
          </>
        )}
        <Button block variant="ghost" onClick={close}>
          {t('gamePlay.modals.demo.keepDemo')}
        </Button>
      </div>
    </ModalFrame>
  );
}
