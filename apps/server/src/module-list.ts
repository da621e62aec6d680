import type { ModuleManifest } from './lib/module.ts';
import type { AnyOpsCommand } from './lib/ops-command.ts';
import { alertsModule, raiseExcludedSignIn } from './modules/alerts/index.ts';
import { bonusModule, signUpBonusCode } from './modules/bonus/index.ts';
import { booksModule } from './modules/books/index.ts';
import { contentModule } from './modules/content/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { closeLiveGameSessions, gameModule, openPlayOf, playSince } from './modules/game/index.ts';
import { kycModule } from './modules/kyc/index.ts';
import { limitsModule, type LimitsPorts } from './modules/limits/index.ts';
import { linksModule, playersByInstrument } from './modules/links/index.ts';
import { loyaltyModule } from './modules/loyalty/index.ts';
import { messagesModule } from './modules/messages/index.ts';
import { notificationModule } from './modules/notification/index.ts';
import { openPaymentsOf, paymentModule, paymentTotalsSince } from './modules/payment/index.ts';
import { closePlayerSessions, emailPlayer, playerModule, playerOf } from './modules/player/index.ts';
import { questsModule } from './modules/quests/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { sportsbookModule } from './modules/sportsbook/index.ts';
import { staffModule } from './modules/staff/index.ts';
import { tournamentsModule } from './modules/tournaments/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import { opsModule } from './ops/manifest.ts';
import { sandboxParties } from './sandbox/manifest.ts';
import { catalogueAnswer } from './sandbox/sportsbook/catalogue.ts';

/** What the limits module needs of payments, players and games, wired here so none depends on another. */
export const limitsPorts: LimitsPorts = {
  paymentTotals: paymentTotalsSince,
  playSince,
  async endPlay(tx, playerId) {
    const games = await closeLiveGameSessions(tx, playerId);
    return { games, sessions: await closePlayerSessions(tx, playerId, 'excluded') };
  },
  mailLimitConfirmation: (tx, playerId, params) => emailPlayer(tx, playerId, 'limitChangeConfirm', params),
  playerOf,
};

/**
 * Every module, in the order the app registers them (app.ts, loadConfig and the ops CLI walk this
 * list). Adding a module is writing it, with its manifest, and adding its line here; modules that need
 * another's functions get them here as ports, so no module imports another's insides.
 */
export const MODULES: readonly ModuleManifest[] = [
  settingsModule,
  playerModule((ctx) => ({
    bonusCodeAtSignUp: signUpBonusCode(ctx),
    // An account's closure: what of the player's can still move money.
    closure: {
      openPlay: (tx, playerId) => openPlayOf(tx, playerId),
      openPayments: (tx, playerId) => openPaymentsOf(ctx, tx, playerId),
    },
    // A sign-in refused for an exclusion: an alert for staff, at once.
    excludedSignIn: (refusal) => raiseExcludedSignIn(ctx, refusal),
    instrumentOwners: playersByInstrument,
  })),
  linksModule,
  documentsModule,
  kycModule,
  limitsModule(limitsPorts),
  notificationModule,
  walletModule({ playerOf }),
  gameModule,
  // The sandbox sportsbook's catalogue, read in this process: a restriction is checked against it.
  sportsbookModule({ sandboxCatalogue: catalogueAnswer }),
  bonusModule,
  tournamentsModule,
  questsModule,
  loyaltyModule,
  paymentModule,
  booksModule,
  contentModule,
  opsModule,
  staffModule(() => MODULES),
  messagesModule,
  alertsModule,
  sandboxParties,
];

/** Every module's operator commands, in the list's order (the ops CLI and the ops routes). */
export const allCommands = (): AnyOpsCommand[] => MODULES.flatMap((module) => module.commands ?? []);
