import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from '@/shared/router';
import { isModalName } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { parseLocalePath } from '@/shared/i18n/locale-path.ts';
import { forgetGame, setLobbyPath, showPendingNotice, useReturnToGame } from './return-to-game-store.ts';

// The pill and its texts load only when there is a game to return to.
const ReturnToGamePill = lazy(() => import('./return-to-game-pill.tsx'));

const withoutModals = (search: string) => {
  const kept = [...new URLSearchParams(search).entries()].filter(([key]) => !isModalName(key));
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
};

/**
 * Lives in the site layout, so it sees every page: remembers the last lobby page for the game
 * page's way back, shows a notice a game page left for the next page, and offers the real-money
 * game a player left (phones only).
 */
export function ReturnToGameSlot() {
  const { pathname, search } = useLocation();
  const status = useSession((s) => s.status);
  const game = useReturnToGame((s) => s.game);
  const parsed = parseLocalePath(pathname);
  const path = parsed.kind === 'ok' ? parsed.rest : pathname;
  const onGamePage = path.startsWith('/games/');

  useEffect(() => {
    if (!onGamePage) setLobbyPath(path + withoutModals(search));
  }, [onGamePage, path, search]);

  useEffect(() => {
    showPendingNotice(pathname);
  }, [pathname]);

  useEffect(() => {
    // Signed out: the game belonged to that player's session.
    if (status === 'guest' && game) forgetGame();
  }, [status, game]);

  if (status !== 'player' || !game || onGamePage) return null;
  return (
    <Suspense fallback={null}>
      <ReturnToGamePill game={game} />
    </Suspense>
  );
}
