import { z } from 'zod';
import { playerBonusSchema } from './bonus.ts';
import { playerFreespinSchema } from './freespins.ts';
import { betSchema, spinSchema } from './game.ts';
import { playerDocumentSchema } from './identity.ts';
import { kycStateSchema } from './kyc.ts';
import { loyaltyAccountSchema } from './loyalty.ts';
import { messengerMessageSchema, supportMessageSchema } from './notification.ts';
import { playerQuestSchema } from './quests.ts';
import { text } from './text.ts';

/**
 * The player's page in the back office, one part per module: what each answers under
 * `/api/admin/players/:id/<part>`, and the bodies of the actions staff take there.
 */

/** A sign-in session: where from, on what, and how it ended. */
export const adminSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  userAgent: z.string().nullable(),
  deviceType: z.string().nullable(),
  createdAt: z.string(),
  refreshedAt: z.string(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
});

/** A browser the player signed in from (the device cookie), and whether it is still trusted. */
export const adminDeviceSchema = z.object({
  client: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  trusted: z.boolean(),
});

export const adminPlayerSessionsSchema = z.object({
  sessions: z.array(adminSessionSchema),
  devices: z.array(adminDeviceSchema),
});
export type AdminPlayerSessions = z.infer<typeof adminPlayerSessionsSchema>;

/** Why staff act: kept in the audit trail (and, for a restriction, in what the player is told). */
const reason = text().trim().min(1, 'Say why').max(500);

export const adminReasonBodySchema = z.object({ reason }).strict();

/** A restriction staff set or lift: `limited` closes deposits, `blocked` closes sign-in and money; `active` lifts either. */
export const ADMIN_RESTRICTIONS = ['active', 'limited', 'blocked'] as const;
export const adminRestrictionBodySchema = z.object({ status: z.enum(ADMIN_RESTRICTIONS), reason }).strict();
export type AdminRestrictionBody = z.infer<typeof adminRestrictionBodySchema>;

/** What an action on the player did, in a line for the notice. */
export const adminDoneSchema = z.object({ message: z.string() });

/** An account linked to the player's, and why (a shared browser, card, IBAN, crypto address or identity). */
export const adminLinkSchema = z.object({
  playerId: z.string(),
  player: z.string(),
  reasons: z.array(z.object({ kind: z.string(), detail: z.string() })),
});
export type AdminLink = z.infer<typeof adminLinkSchema>;

export const adminPlayerDocumentsSchema = z.object({
  verification: kycStateSchema.nullable(),
  documents: z.array(playerDocumentSchema),
});
export type AdminPlayerDocuments = z.infer<typeof adminPlayerDocumentsSchema>;

export const adminPlayerMessagesSchema = z.object({
  notifications: z.array(messengerMessageSchema),
  chat: z.array(supportMessageSchema),
});
export type AdminPlayerMessages = z.infer<typeof adminPlayerMessagesSchema>;

export const adminPlayerPlaySchema = z.object({ rounds: z.array(spinSchema), tickets: z.array(betSchema) });
export type AdminPlayerPlay = z.infer<typeof adminPlayerPlaySchema>;

/** One figure of the dashboard the caller's role may read (a count, or an amount with its currency). */
export const adminDashboardFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  to: z.string(),
  queue: z.string().nullable(),
});
export type AdminDashboardFigure = z.infer<typeof adminDashboardFigureSchema>;

/** A staff note on a player (never shown to the player). */
export const adminNoteSchema = z.object({
  id: z.string(),
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type AdminNote = z.infer<typeof adminNoteSchema>;
export const adminNoteBodySchema = z.object({ text: text().trim().min(1, 'Write the note').max(2000) }).strict();

/** The player's promotions: bonuses and free spins (latest 50 each). */
export const adminPlayerBonusesSchema = z.object({
  bonuses: z.array(playerBonusSchema),
  freespins: z.array(playerFreespinSchema),
});
export type AdminPlayerBonuses = z.infer<typeof adminPlayerBonusesSchema>;

/** The player's quests, latest 50. */
export const adminPlayerQuestsSchema = z.array(playerQuestSchema);
/** The player's loyalty account (null: no account or no levels yet). */
export const adminPlayerLoyaltySchema = loyaltyAccountSchema.nullable();
