import { z } from 'zod';
import { text } from './text.ts';
import { emailSchema, passwordSchema } from './validation.ts';

/**
 * The back office's people and what each may do. The matrix is data, shared by the server (which
 * builds its CASL ability from it and refuses whatever it does not grant) and the admin app (which
 * only hides what the server would refuse anyway). docs/staff-roles.md prints it.
 */
export const STAFF_ROLES = [
  'admin',
  'support',
  'kyc',
  'payments',
  'risk',
  'marketing',
  'finance',
  'compliance',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** What staff act on; each admin route and operator command names one. */
export const STAFF_SUBJECTS = [
  'Player',
  'Balance',
  'Document',
  'Withdrawal',
  'Deposit',
  'Limit',
  'Message',
  'Game',
  'Sportsbook',
  'Promotion',
  'Content',
  'Report',
  'Event',
  'Staff',
  'Audit',
  'Alert',
] as const;
export type StaffSubject = (typeof STAFF_SUBJECTS)[number];

/** `read` sees, `write` changes (approving, declining and adjusting included). */
export type StaffAction = 'read' | 'write';
export type StaffPermission = { action: StaffAction; subject: StaffSubject };

const R = ['read'] as const;
const RW = ['read', 'write'] as const;
type Grants = Partial<Record<StaffSubject, readonly StaffAction[]>>;

/** Every role's grants; what is not listed is refused. The administrator may do everything. */
export const STAFF_MATRIX: Readonly<Record<StaffRole, Grants>> = {
  admin: Object.fromEntries(STAFF_SUBJECTS.map((subject) => [subject, RW])) as Grants,
  support: {
    Player: RW,
    Balance: R,
    Document: R,
    Withdrawal: R,
    Deposit: R,
    Limit: R,
    Message: RW,
    Promotion: R,
    Alert: R,
  },
  kyc: { Player: R, Document: RW },
  payments: { Player: R, Balance: RW, Withdrawal: RW, Deposit: RW, Report: R, Alert: R },
  risk: { Player: R, Balance: R, Withdrawal: R, Game: RW, Sportsbook: RW, Report: R, Alert: RW },
  marketing: { Player: R, Promotion: RW, Content: RW, Message: RW, Game: R },
  finance: { Player: R, Balance: R, Withdrawal: R, Deposit: R, Report: R, Alert: R },
  compliance: {
    Player: RW,
    Balance: R,
    Document: R,
    Withdrawal: R,
    Deposit: R,
    Limit: RW,
    Report: R,
    Audit: R,
    Alert: RW,
  },
};

/** Whether the matrix lets `role` do `action` on `subject`. */
export const staffMay = (role: StaffRole, { action, subject }: StaffPermission): boolean =>
  STAFF_MATRIX[role][subject]?.includes(action) ?? false;

/** A TOTP code from the authenticator app (6 digits), or one of the one-time recovery codes. */
export const staffCodeSchema = text()
  .trim()
  .min(6)
  .max(32)
  .regex(/^[0-9a-zA-Z-]+$/, 'A code is digits, or a recovery code');

export const staffSignInSchema = z
  .object({ email: emailSchema, password: z.string().min(1).max(128), code: staffCodeSchema.optional() })
  .strict();
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

/** The enrolment link's token (from `staff create` or an invitation). */
export const staffEnrolTokenSchema = z.object({ token: text().min(20).max(100) }).strict();

export const staffEnrolSchema = z
  .object({
    token: text().min(20).max(100),
    password: passwordSchema,
    /** A code from the authenticator app set up with the secret the enrolment start answered. */
    code: z.string().regex(/^\d{6}$/, 'Six digits from the authenticator app'),
  })
  .strict();
export type StaffEnrol = z.infer<typeof staffEnrolSchema>;

/** What enrolment shows once: the secret for the authenticator app (as an otpauth:// link too). */
export const staffEnrolStartSchema = z.object({ email: z.string(), secret: z.string(), otpauthUrl: z.string() });

export const staffSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(['invited', 'active', 'deactivated']),
  createdAt: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;

/** Who is signed in, and the token every write of the session must carry (x-csrf-token). */
export const staffSessionSchema = z.object({ staff: staffSchema, csrfToken: z.string() });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Enrolment's answer: the session, and the recovery codes, shown this once. */
export const staffEnrolledSchema = staffSessionSchema.extend({ recoveryCodes: z.array(z.string()) });

export const staffInviteSchema = z.object({ email: emailSchema, role: staffRoleSchema }).strict();
export const staffInvitedSchema = z.object({ staff: staffSchema, enrolUrl: z.string() });

export const staffRoleChangeSchema = z
  .object({ role: staffRoleSchema, reason: text().trim().min(1).max(500) })
  .strict();
export const staffReasonSchema = z.object({ reason: text().trim().min(1).max(500) }).strict();

/** A staff API token for scripts (the ops CLI's OPS_TOKEN): shown once, kept as its hash. */
export const staffTokenCreateSchema = z.object({ name: text().trim().min(1).max(100) }).strict();
export const staffTokenSchema = z.object({ id: z.string(), name: z.string(), token: z.string() });

/** One row of the audit trail: who, when, what, before and after, why, from where. */
export const staffAuditSchema = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  role: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  playerId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type StaffAudit = z.infer<typeof staffAuditSchema>;

export const staffAuditQuerySchema = z
  .object({
    staffId: z.uuid().optional(),
    playerId: z.uuid().optional(),
    action: text().max(100).optional(),
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict();

/** A staff write waiting for a second, different approver (four eyes). */
export const staffApprovalSchema = z.object({
  id: z.string(),
  command: z.string(),
  body: z.unknown(),
  amount: z.string(),
  currency: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
});
export type StaffApproval = z.infer<typeof staffApprovalSchema>;

/** A document in the review queue, with whose it is (e-mail, else phone). */
export const adminDocumentSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  player: z.string(),
  type: z.string(),
  typeName: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

/** A bonus definition as the back office lists it: amounts in major units per currency. */
export const adminBonusDefinitionSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  amounts: z.record(z.string(), z.string()),
  wagerMultiplier: z.number(),
});

/** A bonus code as the back office lists it. */
export const adminBonusCodeSchema = z.object({
  code: z.string(),
  definition: z.string(),
  uses: z.number(),
  maxUses: z.number().nullable(),
  maxUsesPerPlayer: z.number(),
  enabled: z.boolean(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  currencies: z.array(z.string()),
  countries: z.array(z.string()),
});

/** A player as the back office lists one. */
export const adminPlayerSchema = z.object({
  id: z.string(),
  externalId: z.number(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  status: z.number(),
  createdAt: z.string(),
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

export const adminPlayerSearchSchema = z.object({ q: text().trim().min(1).max(254) }).strict();

/** A player's page: the list's fields and the profile as the player gave it. */
export const adminPlayerDetailSchema = adminPlayerSchema.extend({
  currency: z.string().nullable(),
  locale: z.string().nullable(),
  birthdate: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  nationality: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phoneConfirmed: z.boolean(),
  registrationIp: z.string().nullable(),
  affiliateTag: z.string().nullable(),
});

/** One of a player's accounts, with its latest transfers. */
export const adminAccountSchema = z.object({
  id: z.string(),
  currency: z.string(),
  real: z.string(),
  bonus: z.string(),
  locked: z.string(),
  transfers: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      kind: z.string(),
      real: z.string(),
      bonus: z.string(),
      realAfter: z.string(),
      counterparty: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
