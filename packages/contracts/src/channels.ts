/** Push channels (`#<playerId>` channels are the player's alone) and the events published on them. */
export const Channel = {
  walletAccounts: (playerId: string) => `wallet:accounts#${playerId}`,
  paymentInvoices: (playerId: string) => `payment:invoices#${playerId}`,
  playerBonuses: (playerId: string) => `bonus:player-bonuses#${playerId}`,
  playerFreespins: (playerId: string) => `bonus:player-freespins#${playerId}`,
  playerBonusCodes: (playerId: string) => `bonus:player-bonus-codes#${playerId}`,
  quests: (playerId: string) => `retention:quests#${playerId}`,
  retentionAccounts: (playerId: string) => `retention:accounts#${playerId}`,
  notifications: (playerId: string) => `messenger:notifications#${playerId}`,
  /** The player's live support chat (beyond the spec's list). */
  support: (playerId: string) => `messenger:support#${playerId}`,
  gameBets: (playerId: string) => `game:bets#${playerId}`,
  /** The player's identity documents (beyond the spec's list): a review's outcome arrives here. */
  playerDocuments: (playerId: string) => `player:documents#${playerId}`,
  /** The identity-verification provider's review (beyond the spec's list). */
  playerVerification: (playerId: string) => `player:verification#${playerId}`,
  /** Public: the live winners feed per platform and country (beyond the spec's list). */
  gameWinners: (platform: 'mobile' | 'desktop', country: string) => `game:winners:${platform}:${country}`,
  tournaments: 'tournaments',
  /** Public: a running tournament's top 10. */
  tournament: (tournamentId: string) => `tournaments:${tournamentId}`,
  /** The player's own standing in a tournament. */
  tournamentEntry: (tournamentId: string, playerId: string) => `tournaments:${tournamentId}#${playerId}`,
  online: 'global:online',
  /** The back office's: a queue changed (a withdrawal requested or decided, a document reviewed…); staff only. */
  staffQueues: 'staff:queues',
} as const;

export const PushEvent = {
  accountBalanceUpdated: 'account.balance.updated',
  /** `retention:accounts#<id>`: the loyalty account reached another level (its points change is `accountBalanceUpdated`). */
  accountLevelUpdated: 'account.level.updated',
  questUpdated: 'quest.updated',
  questTaskUpdated: 'quest.task.updated',
  invoiceDepositUpdated: 'invoice.deposit.updated',
  invoiceWithdrawalUpdated: 'invoice.withdrawal.updated',
  gameBetRestricted: 'game.bet.restricted',
  gameBetMaxExceed: 'game.bet.max.exceed',
  /** A sports ticket was settled (won, lost, cashed out): the bets history reads it again. */
  gameBetSettled: 'game.bet.settled',
  tournamentCompleted: 'tournament.completed',
  tournamentLeaderboardUpdated: 'tournament.leaderboard.updated',
  tournamentPlayerEntryUpdated: 'tournament.player-entry.updated',
  gameWinner: 'game.winner',
  documentUpdated: 'document.updated',
  verificationUpdated: 'verification.updated',
  messageCreated: 'messenger.message.created',
  unreadUpdated: 'messenger.unread.updated',
  supportMessage: 'support.message',
  /** Limits changed (a pending change took effect, an exclusion began): the limits page reloads. */
  limitsUpdated: 'limits.updated',
  playerBonusCreated: 'player.bonus.created',
  playerBonusUpdated: 'player.bonus.updated',
  playerFreespinCreated: 'player.freespin.created',
  playerFreespinUpdated: 'player.freespin.updated',
  playerBonusCodeUpdated: 'player.bonus.code.updated',
  /** `staff:queues`: which queue changed (no player's data: each dashboard reads what its role may). */
  queueChanged: 'queue.changed',
} as const;
export type PushEvent = (typeof PushEvent)[keyof typeof PushEvent];

/** Namespaces whose channels are limited to the user named after `#`. */
export const USER_LIMITED_NAMESPACES = [
  'wallet',
  'payment',
  'bonus',
  'retention',
  'messenger',
  'game',
  'player',
  'tournaments',
] as const;
/** The namespace only staff connections (user `staff:<id>`) may subscribe to. */
export const STAFF_NAMESPACE = 'staff';
/** The back office's queues a `queue.changed` push names. */
export const STAFF_QUEUES = ['withdrawals', 'deposits', 'documents', 'approvals', 'alerts'] as const;
export type StaffQueue = (typeof STAFF_QUEUES)[number];

/** Channels anyone (guests included) may subscribe to. */
export const PUBLIC_CHANNELS = ['tournaments', 'global:online'] as const;
/** Public channels that follow a pattern rather than a fixed name. */
export const PUBLIC_CHANNEL_PATTERNS: readonly RegExp[] = [
  /^game:winners:(mobile|desktop):[A-Z]{2}$/,
  /^tournaments:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
];
