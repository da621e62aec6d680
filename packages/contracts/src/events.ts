import type { PlayerDocument } from './identity.ts';
import type { KycState } from './kyc.ts';
import type { MessengerMessage, SupportMessage } from './notification.ts';
import type { Invoice } from './payment.ts';
import type { BonusCode } from './bonus-codes.ts';
import type { LoyaltyAccount } from './loyalty.ts';

/**
 * Domain events: written to the outbox in the transaction of the change they describe, followed by
 * each consumer with its own cursor; push publications are derived from them. Amounts are minor units
 * as decimal strings (they exceed 2^53), ids are strings.
 */

/** Minor units as a decimal string, e.g. `'1250'` for €12.50. */
export type MinorUnits = string;

/**
 * A limit change: `applied` (a raise or removal took effect), `decreased`, `added`, `excluded` (an
 * exclusion began), `requested` (a raise or removal waits for the e-mail link), `confirmed`,
 * `cancelled`.
 */
export type LimitChangedEvent = {
  playerId: string;
  kind: 'applied' | 'decreased' | 'added' | 'excluded' | 'requested' | 'confirmed' | 'cancelled';
  definition: number;
  period: string | null;
  currency: string | null;
  amount: string | null;
  until: string | null;
};

/** An e-mail or SMS to send; the messages module renders `template` with `params` in `locale`. */
export type OutboundMessage = {
  channel: 'email' | 'sms';
  /** An e-mail address or an E.164 phone number. */
  to: string;
  template: string;
  locale: string;
  params: Record<string, string | number>;
};

export type EventMap = {
  /** A wallet account's balances after a change. */
  'wallet.balance.changed': {
    playerId: string;
    accountId: string;
    currency: string;
    active: boolean;
    real: MinorUnits;
    bonus: MinorUnits;
    locked: MinorUnits;
  };
  /** A game round closed: what was staked and won, each split into real and bonus money. */
  'game.bet.settled': {
    playerId: string;
    accountId: string;
    gameId: string;
    gameType: string | null;
    roundId: string;
    currency: string;
    stake: { real: MinorUnits; bonus: MinorUnits };
    win: { real: MinorUnits; bonus: MinorUnits };
    /** Platform: 1 desktop, 2 mobile. */
    platform: number;
    country: string;
  };
  /** A bet was refused because the game is switched off or the active bonus excludes it (the open game page shows it). */
  'game.bet.restricted': { playerId: string; gameIdentity: string };
  /** A bet was refused: above the active bonus's maximum bet (the open game page shows the max-bets modal). */
  'game.bet.max.exceeded': {
    playerId: string;
    gameIdentity: string;
    currency: string;
    maxBet: MinorUnits;
    /** Sports bets: which of the operator's maximums it passed (per ticket, or per event with the open tickets). */
    limit?: 'bet' | 'event';
  };
  /**
   * A player's bonus was issued or changed: activated, wagered toward (`progress` of `required`, minor
   * units), or finished (status 3 with its result).
   */
  'bonus.updated': {
    change: 'issued' | 'activated' | 'progress' | 'finished';
    /** Why it finished, when the result alone does not say: a waiting deposit bonus whose deposit was staked. */
    reason?: 'deposit-staked';
    playerId: string;
    bonusId: string;
    name: string;
    currency: string;
    status: number;
    result: number;
    amount: MinorUnits;
    progress: MinorUnits;
    required: MinorUnits;
  };
  /**
   * A player's free spins were issued or changed: activated, a spin played (`usedCount`, `win` so far),
   * or finished (status 3 with its result; played or expired with winnings become a bonus).
   */
  'freespins.updated': {
    change: 'issued' | 'activated' | 'spin' | 'finished';
    playerId: string;
    freespinId: string;
    name: string;
    currency: string;
    gameId: string;
    count: number;
    usedCount: number;
    status: number;
    result: number;
    win: MinorUnits;
  };
  /**
   * A paid deposit's chosen bonus was not given: the amount paid (a crypto deposit's, known only when the
   * coins arrive) is below its minimum or above its maximum (`limit`, minor units of `currency`).
   */
  'bonus.deposit.missed': {
    playerId: string;
    name: string;
    currency: string;
    paid: MinorUnits;
    reason: 'below' | 'above';
    limit: MinorUnits;
  };
  /** `amountMinor` and `bonusId` (the deposit bonus chosen) let consumers act on a paid deposit. */
  'payment.deposit.updated': { playerId: string; invoice: Invoice; amountMinor?: MinorUnits; bonusId?: string | null };
  'payment.withdrawal.updated': { playerId: string; invoice: Invoice };
  /** A player's bonus code use was recorded or changed (status 1 accepted, 2 used, 3 incorrect, 4 not available). */
  'bonus.code.updated': { playerId: string; code: BonusCode };
  /** An operator reviewed an identity document. */
  'documents.updated': { playerId: string; document: PlayerDocument };
  /** The identity-verification provider's review changed. */
  'kyc.verification.updated': { playerId: string; state: KycState };
  'limits.changed': LimitChangedEvent;
  /** A messenger message was filed; `totalUnread` counts it. */
  'messenger.message.created': { playerId: string; message: MessengerMessage; totalUnread: number };
  /** Messages were read or deleted. */
  'messenger.unread.updated': { playerId: string; totalUnread: number };
  /** A line of the player's live support chat. */
  'support.message': { playerId: string; message: SupportMessage };
  /** An e-mail or SMS to send (a code, a link, a notice). */
  'message.queued': OutboundMessage;
  'player.email.confirmed': { playerId: string; email: string };
  'player.phone.confirmed': { playerId: string; phone: string };
  /** The player saved their profile; `fields` names what changed (never the values). */
  'player.profile.updated': { playerId: string; fields: string[] };
  /** A player's quest changed state (`state` as it was then; the push reads the rest at delivery). */
  'quest.updated': { playerId: string; playerQuestId: string; state: number };
  /** A task of a player's quest moved (progress and quantity: counts, or minor units of `currency`). */
  'quest.task.updated': {
    playerId: string;
    task: {
      id: string;
      questId: string;
      isActive: boolean;
      isCompleted: boolean;
      progress: MinorUnits;
      quantity: MinorUnits;
      unit: 'count' | 'amount';
      currency: string;
      type: number;
      name: string;
      createdAt: string;
      updatedAt: string | null;
    };
  };
  /**
   * A loyalty account earned points (`balance`) and perhaps reached another level (`level`);
   * `previousOrder` is the order of the level it had before (rewards are paid for the levels passed).
   */
  'loyalty.account.updated': {
    playerId: string;
    change: 'balance' | 'level';
    previousOrder: number;
    account: LoyaltyAccount;
  };
  /** A tournament ended and its prizes were paid (`points`: the final score, as text). */
  'tournament.completed': {
    tournamentId: string;
    identity: string;
    title: string;
    endAt: string;
    prizes: {
      place: number;
      type: number;
      title: string;
      bonusId?: string;
      /** `held`: the prize was not paid, the winner having opted out of promotional bonuses. */
      entry?: { playerId: string; nickname: string | null; points: string; held?: 'no_bonus_consent' };
    }[];
  };
};

export type EventName = keyof EventMap;
