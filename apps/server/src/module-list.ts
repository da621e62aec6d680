import type { AppContext } from './context.ts';
import type { ModuleManifest } from './lib/module.ts';
import { bonusModule, signUpBonusCode } from './modules/bonus/index.ts';
import { contentModule } from './modules/content/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { closeLiveGameSessions, gameModule, openPlayOf, playSince } from './modules/game/index.ts';
import { kycModule } from './modules/kyc/index.ts';
import { limitsModule, type LimitsPorts } from './modules/limits/index.ts';
import { loyaltyModule } from './modules/loyalty/index.ts';
import { messagesModule } from './modules/messages/index.ts';
import { notificationModule } from './modules/notification/index.ts';
import { openPaymentsOf, paymentModule, paymentTotalsSince } from './modules/payment/index.ts';
import { closePlayerSessions, emailPlayer, playerModule, type IdTokenCheck } from './modules/player/index.ts';
import { questsModule } from './modules/quests/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { tournamentsModule } from './modules/tournaments/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import { opsModule } from './ops/routes.ts';
import { sandboxParties } from './sandbox/manifest.ts';

/** What the limits module needs of payments, players and games, wired here so none depends on another. */
export const limitsPorts: LimitsPorts = {
  paymentTotals: paymentTotalsSince,
  playSince,
  async endPlay(tx, playerId) {
    await closeLiveGameSessions(tx, playerId);
    return closePlayerSessions(tx, playerId, 'excluded');
  },
  mailLimitConfirmation: (tx, playerId, params) => emailPlayer(tx, playerId, 'limitChangeConfirm', params),
};

/**
 * Every module of a node, in the order the app registers them (app.ts walks this list). Adding a module
 * is writing it, with its manifest, and adding its line here; modules that need another's functions
 * get them here as ports, so no module imports another's insides.
 */
export function appModules(ctx: AppContext, wiring: { idTokens: IdTokenCheck | null }): ModuleManifest[] {
  return [
    settingsModule,
    playerModule({
      idTokens: wiring.idTokens,
      bonusCodeAtSignUp: signUpBonusCode(ctx),
      // An account's closure: what of the player's can still move money.
      closure: {
        openPlay: (tx, playerId) => openPlayOf(tx, playerId),
        openPayments: (tx, playerId) => openPaymentsOf(ctx, tx, playerId),
      },
    }),
    documentsModule,
    kycModule,
    limitsModule(limitsPorts),
    notificationModule,
    walletModule,
    gameModule,
    bonusModule,
    tournamentsModule,
    questsModule,
    loyaltyModule,
    paymentModule,
    contentModule,
    opsModule,
    messagesModule,
    sandboxParties,
  ];
}
