import { z } from 'zod';
import { text } from './text.ts';

/**
 * Responsible-gaming and anti-money-laundering alerts: what the back office raises about a player for
 * staff to look into (`/api/admin/alerts`, subject `Alert`).
 */
export const ALERT_KINDS = [
  /** Paid deposits in 24 h above ALERT_DEPOSITS_24H (base currency). */
  'deposits_24h',
  /** A withdrawal asked for after a deposit with little play since it. */
  'deposit_withdrawal',
  /** Card deposits declined, ALERT_DECLINES_24H or more in 24 h. */
  'card_declines',
  /** An account sharing a browser, payment instrument or verified identity with another. */
  'linked_accounts',
  /** A sign-in refused for a self-exclusion or cooling-off. */
  'excluded_sign_in',
  /** Real-money losses this week far above last week's. */
  'rising_losses',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How staff read each kind. */
export const ALERT_KIND_NAMES: Readonly<Record<AlertKind, string>> = {
  deposits_24h: 'Deposits in 24 h',
  deposit_withdrawal: 'Withdrawal after little play',
  card_declines: 'Declined card deposits',
  linked_accounts: 'Linked accounts',
  excluded_sign_in: 'Sign-in while excluded',
  rising_losses: 'Rising losses',
};

/** open: nobody has it; assigned: someone looks into it; closed: decided, with a reason. */
export const ALERT_STATUSES = ['open', 'assigned', 'closed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const adminAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  playerId: z.string(),
  /** The player's e-mail, else phone, else id. */
  player: z.string(),
  summary: z.string(),
  facts: z.record(z.string(), z.unknown()),
  status: z.enum(ALERT_STATUSES),
  assigneeId: z.string().nullable(),
  /** The assignee's e-mail. */
  assignee: z.string().nullable(),
  closedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;

export const adminAlertNoteSchema = z.object({
  id: z.number(),
  staffId: z.string().nullable(),
  /** Who wrote it: the staff member's e-mail (`local` for the operator on the server's machine). */
  author: z.string(),
  text: z.string(),
  at: z.string(),
});

export const adminAlertDetailSchema = adminAlertSchema.extend({ notes: z.array(adminAlertNoteSchema) });
export type AdminAlertDetail = z.infer<typeof adminAlertDetailSchema>;

export const adminAlertQuerySchema = z
  .object({
    status: z.enum(ALERT_STATUSES).optional(),
    kind: z.enum(ALERT_KINDS).optional(),
    playerId: z.uuid().optional(),
    assignee: z.uuid().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();

/** Assign to a staff member (default: the caller). */
export const alertAssignSchema = z.object({ staffId: z.uuid().optional() }).strict();
export const alertNoteBodySchema = z.object({ text: text().trim().min(1).max(2000) }).strict();
export const alertCloseSchema = z.object({ reason: text().trim().min(1).max(500) }).strict();

/** What waits: open alerts (assigned ones included), and how many of each kind. */
export const adminAlertSummarySchema = z.object({
  open: z.number(),
  byKind: z.record(z.string(), z.number()),
});
