import { z } from 'zod';
import { playerDocumentSchema } from './identity.ts';
import { kycStateSchema } from './kyc.ts';
import { messengerMessageSchema, supportMessageSchema } from './notification.ts';
import { INVOICE_STATES, invoicePublicDataSchema } from './payment.ts';
import { bonusCodeSchema } from './bonus-codes.ts';

/**
 * Domain events: written to the outbox in the transaction of the change they describe, followed by
 * each consumer with its own cursor; push publications are derived from them. Amounts are minor units
 * as decimal strings (they exceed 2^53), ids are strings. Each payload has a schema here: the types
 * are derived from them, and the tests check every row written (by TypeScript or by SQL) against them.
 * A payload's shape changes by raising its version in EVENT_VERSIONS (the outbox row's `v`).
 */

/** Minor units as a decimal string, e.g. `'1250'` for €12.50. */
const minor = z.string().regex(/^-?\d+$/);
export type MinorUnits = string;

const limitChanged = z
  .object({
    playerId: z.string(),
    kind: z.enum(['applied', 'decreased', 'added', 'excluded', 'requested', 'confirmed', 'cancelled']),
    definition: z.number().int(),
    period: z.string().nullable(),
    currency: z.string().nullable(),
    amount: z.string().nullable(),
    until: z.string().nullable(),
  })
  .strict();
/**
 * A limit change: `applied` (a raise or removal took effect), `decreased`, `added`, `excluded` (an
 * exclusion began), `requested` (a raise or removal waits for the e-mail link), `confirmed`,
 * `cancelled`.
 */
export type LimitChangedEvent = z.infer<typeof limitChanged>;

/**
 * An invoice as the payment module keeps it, at the change: its own state, the amount in minor units.
 * Consumers act on these; the push's wire shape (InvoiceStatus, amounts in major units) is built from
 * them by the payment module.
 */
const invoiceFacts = z
  .object({
    playerId: z.string(),
    invoiceId: z.string(),
    number: z.number().int(),
    state: z.enum(INVOICE_STATES),
    method: z.string(),
    currency: z.string(),
    amountMinor: minor,
    /** The provider's or the operator's words on the outcome ('Cancelled by you' when the player cancelled). */
    statusResult: z.string(),
    publicData: invoicePublicDataSchema,
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .strict();

const outboundMessage = z
  .object({
    channel: z.enum(['email', 'sms']),
    /** An e-mail address or an E.164 phone number. */
    to: z.string(),
    template: z.string(),
    locale: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .strict();
/** An e-mail or SMS to send; the messages module renders `template` with `params` in `locale`. */
export type OutboundMessage = z.infer<typeof outboundMessage>;

const money = z.object({ real: minor, bonus: minor }).strict();

/** Every event's payload. */
export const eventSchemas = {
  /** A wallet account's balances after a change. */
  'wallet.balance.changed': z
    .object({
      playerId: z.string(),
      accountId: z.string(),
      currency: z.string(),
      active: z.boolean(),
      real: minor,
      bonus: minor,
      locked: minor,
    })
    .strict(),
  /** A game round closed: what was staked and won, each split into real and bonus money. */
  'game.bet.settled': z
    .object({
      playerId: z.string(),
      accountId: z.string(),
      gameId: z.string(),
      gameType: z.string().nullable(),
      roundId: z.string(),
      currency: z.string(),
      stake: money,
      win: money,
      /** Platform: 1 desktop, 2 mobile. */
      platform: z.number().int(),
      country: z.string(),
    })
    .strict(),
  /** A bet was refused because the game is switched off or the active bonus excludes it (the open game page shows it). */
  'game.bet.restricted': z.object({ playerId: z.string(), gameIdentity: z.string() }).strict(),
  /** A bet was refused: above the active bonus's maximum bet (the open game page shows the max-bets modal). */
  'game.bet.max.exceeded': z
    .object({
      playerId: z.string(),
      gameIdentity: z.string(),
      currency: z.string(),
      maxBet: minor,
      /** Sports bets: which of the operator's maximums it passed (per ticket, or per event with the open tickets). */
      limit: z.enum(['bet', 'event']).optional(),
    })
    .strict(),
  /**
   * A player's bonus was issued or changed: activated, wagered toward (`progress` of `required`, minor
   * units), or finished (status 3 with its result).
   */
  'bonus.updated': z
    .object({
      change: z.enum(['issued', 'activated', 'progress', 'finished']),
      /** Why it finished, when the result alone does not say: a waiting deposit bonus whose deposit was staked. */
      reason: z.literal('deposit-staked').optional(),
      playerId: z.string(),
      bonusId: z.string(),
      name: z.string(),
      currency: z.string(),
      status: z.number().int(),
      result: z.number().int(),
      amount: minor,
      progress: minor,
      required: minor,
    })
    .strict(),
  /**
   * A player's free spins were issued or changed: activated, a spin played (`usedCount`, `win` so far),
   * or finished (status 3 with its result; played or expired with winnings become a bonus).
   */
  'freespins.updated': z
    .object({
      change: z.enum(['issued', 'activated', 'spin', 'finished']),
      playerId: z.string(),
      freespinId: z.string(),
      name: z.string(),
      currency: z.string(),
      gameId: z.string(),
      count: z.number().int(),
      usedCount: z.number().int(),
      status: z.number().int(),
      result: z.number().int(),
      win: minor,
    })
    .strict(),
  /**
   * A paid deposit's chosen bonus was not given: the amount paid (a crypto deposit's, known only when the
   * coins arrive) is below its minimum or above its maximum (`limit`, minor units of `currency`).
   */
  'bonus.deposit.missed': z
    .object({
      playerId: z.string(),
      name: z.string(),
      currency: z.string(),
      paid: minor,
      reason: z.enum(['below', 'above']),
      limit: minor,
    })
    .strict(),
  /** A deposit changed state; `bonusId`: the deposit bonus the player chose, issued once it succeeds. */
  'payment.deposit.updated': invoiceFacts.extend({ bonusId: z.string().nullable() }).strict(),
  /** A withdrawal changed state. */
  'payment.withdrawal.updated': invoiceFacts,
  /** A player's bonus code use was recorded or changed (status 1 accepted, 2 used, 3 incorrect, 4 not available). */
  'bonus.code.updated': z.object({ playerId: z.string(), code: bonusCodeSchema }).strict(),
  /** An operator reviewed an identity document. */
  'documents.updated': z.object({ playerId: z.string(), document: playerDocumentSchema }).strict(),
  /** The identity-verification provider's review changed. */
  'kyc.verification.updated': z.object({ playerId: z.string(), state: kycStateSchema }).strict(),
  'limits.changed': limitChanged,
  /** A messenger message was filed; `totalUnread` counts it. */
  'messenger.message.created': z
    .object({ playerId: z.string(), message: messengerMessageSchema, totalUnread: z.number().int() })
    .strict(),
  /** Messages were read or deleted. */
  'messenger.unread.updated': z.object({ playerId: z.string(), totalUnread: z.number().int() }).strict(),
  /** A line of the player's live support chat. */
  'support.message': z.object({ playerId: z.string(), message: supportMessageSchema }).strict(),
  /** An e-mail or SMS to send (a code, a link, a notice). */
  'message.queued': outboundMessage,
  'player.email.confirmed': z.object({ playerId: z.string(), email: z.string() }).strict(),
  'player.phone.confirmed': z.object({ playerId: z.string(), phone: z.string() }).strict(),
  /** The player saved their profile; `fields` names what changed (never the values). */
  'player.profile.updated': z.object({ playerId: z.string(), fields: z.array(z.string()) }).strict(),
  /** A player's quest changed state (`state` as it was then; the push reads the rest at delivery). */
  'quest.updated': z.object({ playerId: z.string(), playerQuestId: z.string(), state: z.number().int() }).strict(),
  /** A task of a player's quest moved (progress and quantity: counts, or minor units of `currency`). */
  'quest.task.updated': z
    .object({
      playerId: z.string(),
      task: z
        .object({
          id: z.string(),
          questId: z.string(),
          isActive: z.boolean(),
          isCompleted: z.boolean(),
          progress: minor,
          quantity: minor,
          unit: z.enum(['count', 'amount']),
          currency: z.string(),
          type: z.number().int(),
          name: z.string(),
          createdAt: z.string(),
          updatedAt: z.string().nullable(),
        })
        .strict(),
    })
    .strict(),
  /**
   * A loyalty account earned points (`balance`) and perhaps reached another level (`level`): its points
   * now (a whole number, as text), the order of the level they reach and of the level it had before
   * (rewards are paid for the levels passed).
   */
  'loyalty.account.updated': z
    .object({
      playerId: z.string(),
      accountId: z.string(),
      change: z.enum(['balance', 'level']),
      points: z.string().regex(/^\d{1,19}$/),
      levelOrder: z.number().int(),
      previousOrder: z.number().int(),
      createdAt: z.string(),
      updatedAt: z.string().nullable(),
    })
    .strict(),
  /** A tournament ended and its prizes were paid (`points`: the final score, as text). */
  'tournament.completed': z
    .object({
      tournamentId: z.string(),
      identity: z.string(),
      title: z.string(),
      endAt: z.string(),
      prizes: z.array(
        z
          .object({
            place: z.number().int(),
            type: z.number().int(),
            title: z.string(),
            bonusId: z.string().optional(),
            /** `held`: the prize was not paid, the winner having opted out of promotional bonuses. */
            entry: z
              .object({
                playerId: z.string(),
                nickname: z.string().nullable(),
                points: z.string(),
                held: z.literal('no_bonus_consent').optional(),
              })
              .strict()
              .optional(),
          })
          .strict(),
      ),
    })
    .strict(),
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventMap = { [E in EventName]: z.infer<(typeof eventSchemas)[E]> };

/** The events whose payload changed shape since its first, with the version of the shape now written. */
const RAISED: { readonly [E in EventName]?: number } = {
  // 2: the invoice's own facts (state, minor units) in place of its wire shape.
  'payment.deposit.updated': 2,
  'payment.withdrawal.updated': 2,
  // 2: the account's facts (points, level orders) in place of its wire shape.
  'loyalty.account.updated': 2,
};

/**
 * The version of each payload's shape, written with every row (`outbox.v`). Raise it (in RAISED) when a
 * payload changes in a way a consumer must tell apart (a field renamed or its meaning changed), and
 * register an upcast of the older rows with the consumers (`registerUpcast`): a row written before the
 * change, or by a node not yet upgraded, reaches every consumer in the current shape.
 */
export const EVENT_VERSIONS: { readonly [E in EventName]: number } = Object.fromEntries(
  Object.keys(eventSchemas).map((name) => [name, RAISED[name as EventName] ?? 1]),
) as { [E in EventName]: number };

/** Why a payload does not match its event's schema, or that the event is unknown; null when it matches. */
export function eventPayloadProblem(event: string, payload: unknown): string | null {
  const schema = (eventSchemas as Record<string, z.ZodType>)[event];
  if (!schema) return `unknown event ${event}`;
  const result = schema.safeParse(payload);
  return result.success ? null : z.prettifyError(result.error);
}
