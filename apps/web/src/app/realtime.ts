import { connectSocket } from '@/shared/lib/socket.ts';
import { loadBonusesChannel } from '@/features/bonuses';
import { loadQuestsChannel } from '@/features/quests';
import { loadLoyaltyChannel } from '@/features/loyalty';
import { loadGameBetsChannel } from '@/features/game-play';
import { loadMessengerChannel } from '@/features/notifications';
import { loadTournamentsChannel } from '@/features/tournaments';
import { loadAccountsChannel, loadPaymentInvoicesChannel, refreshAccounts } from '@/features/wallet';

let playerId: string | null = null;
let stopPlayerChannels: (() => void) | null = null;
// Login and logout can follow each other quickly; each switch runs after the previous one finished.
let queue: Promise<void> = Promise.resolve();

/**
 * Connects the push channel for a guest (null) or a player: drops the previous player's channels,
 * reconnects with the new identity and, for a player, subscribes the player's channels. Each channel
 * belongs to the feature that handles its pushes; here they are only put together.
 */
export function connectRealtime(nextPlayerId: string | null): Promise<void> {
  queue = queue
    .then(async () => {
      stopPlayerChannels?.();
      stopPlayerChannels = null;
      playerId = nextPlayerId;
      await connectSocket(nextPlayerId ? 'player' : 'guest');
      if (nextPlayerId) {
        // Loaded on demand: the payload schemas (zod) stay out of the home route's first JS.
        const [
          { subscribeWalletAccounts },
          { subscribeGameBets },
          { subscribePaymentInvoices },
          { subscribeMessenger },
          { subscribePlayerBonuses },
          { subscribeTournaments },
          { subscribeQuests },
          { subscribeLoyaltyAccount },
        ] = await Promise.all([
          loadAccountsChannel(),
          loadGameBetsChannel(),
          loadPaymentInvoicesChannel(),
          loadMessengerChannel(),
          loadBonusesChannel(),
          loadTournamentsChannel(),
          loadQuestsChannel(),
          loadLoyaltyChannel(),
        ]);
        const stops = await Promise.all([
          subscribeWalletAccounts(nextPlayerId),
          subscribeGameBets(nextPlayerId),
          subscribePaymentInvoices(nextPlayerId),
          subscribeMessenger(nextPlayerId),
          subscribePlayerBonuses(nextPlayerId),
          subscribeTournaments(),
          subscribeQuests(nextPlayerId),
          subscribeLoyaltyAccount(nextPlayerId),
        ]);
        stopPlayerChannels = () => {
          for (const stop of stops) stop();
        };
      }
    })
    .catch((error: unknown) => {
      // The push channel is an improvement, not a requirement: the app works on plain requests without it.
      console.warn('push channel unavailable', error);
    });
  return queue;
}

const isMobile = () => /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent);

let visibilityInstalled = false;
/**
 * Phones freeze background tabs, so pushes are missed without a reconnect: becoming visible again
 * reloads the balances of a signed-in player.
 */
export function installVisibilityRefetch(): void {
  if (visibilityInstalled) return;
  visibilityInstalled = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && playerId && isMobile()) void refreshAccounts();
  });
}
