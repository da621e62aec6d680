import { create } from 'zustand';
import { toast, type ToastInput } from '@/shared/ui/toast.ts';

export type ReturnGame = { identity: string; name: string };

type ReturnToGameState = {
  /** The real-money game a player left, offered back on phones. */
  game: ReturnGame | null;
  /** The last page outside a game, without locale prefix or modal keys: where "back to the lobby" goes. */
  lobbyPath: string;
};

// Per tab (sessionStorage): another tab or tomorrow's visit has no game to return to. Written by
// hand rather than with zustand's persist middleware: this module is in the first JS of every page.
const STORAGE_KEY = 'return-to-game';

function restore(): ReturnToGameState {
  const fallback: ReturnToGameState = { game: null, lobbyPath: '/' };
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ReturnToGameState> | null;
    const game = saved?.game;
    return {
      game:
        game && typeof game.identity === 'string' && typeof game.name === 'string'
          ? { identity: game.identity, name: game.name }
          : null,
      lobbyPath: typeof saved?.lobbyPath === 'string' && /^\/(?!\/)/.test(saved.lobbyPath) ? saved.lobbyPath : '/',
    };
  } catch {
    return fallback; // blocked storage or a corrupt entry: start empty
  }
}

export const useReturnToGame = create<ReturnToGameState>(restore);

useReturnToGame.subscribe((state) => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // not persisting only loses the offer on reload
  }
});

export const rememberGame = (game: ReturnGame) => useReturnToGame.setState({ game });
export const forgetGame = () => useReturnToGame.setState({ game: null });
export const setLobbyPath = (lobbyPath: string) => {
  if (useReturnToGame.getState().lobbyPath !== lobbyPath) useReturnToGame.setState({ lobbyPath });
};

let pendingNotice: { notice: ToastInput; pathname: string } | null = null;

/**
 * A toast for the page at `pathname` we are about to navigate to. Toasts are cleared on every path
 * change, so one shown before leaving would vanish at once; the layout shows this one on arrival.
 */
export function noticeAfterNavigation(notice: ToastInput, pathname: string): void {
  pendingNotice = { notice, pathname };
}

/** Called by the layout on every path: shows the pending notice once its page is reached. */
export function showPendingNotice(pathname: string): void {
  if (!pendingNotice || pendingNotice.pathname !== pathname) return;
  const { notice } = pendingNotice;
  pendingNotice = null;
  // After this commit's effects, the path-change clearing among them.
  setTimeout(() => toast(notice), 0);
}
