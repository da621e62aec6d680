/** The product's enumerations, served by GET /api/settings/constants. */
export type IdName = { id: number | string; name: string };

const idNames = <const T extends Record<string, number | string>>(values: T): IdName[] =>
  Object.entries(values).map(([name, id]) => ({ id, name }));

export const BonusStatus = { issued: 1, active: 2, finished: 3 } as const;
export const BonusResult = { issued: 1, played: 2, canceled: 3, expired: 4, lost: 5 } as const;
export const FreespinStatus = BonusStatus;
export const FreespinResult = { issued: 1, played: 2, canceled: 3, expired: 4 } as const;
export const QuestState = { issued: 1, inProgress: 2, completed: 3, rewarded: 4, canceled: 5, expired: 6 } as const;
export const TaskType = {
  verifyEmail: 1,
  fillProfileFields: 2,
  winInGames: 3,
  betInGames: 4,
  verifyPhone: 5,
  makeDeposits: 6,
} as const;
/** 4: a deposit not paid in time (`DEPOSIT_EXPIRY_MINUTES`, bank transfers `BANK_TRANSFER_EXPIRY_DAYS`). */
export const InvoiceStatus = { pending: 1, success: 2, failed: 3, expired: 4 } as const;
export const InvoiceType = { deposit: 1, withdrawal: 2 } as const;
export const LimitDefinition = { bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 } as const;
export const LimitStatus = { active: 1, pending: 2 } as const;
export const MessageState = { unread: 1, read: 2 } as const;
/** closed: the player closed the account themselves (kept for the retention period, no sign-in). */
export const PlayerStatus = { active: 1, limited: 2, blocked: 3, selfExcluded: 4, coolingOff: 5, closed: 6 } as const;
export const DocumentStatus = { pending: 1, approved: 2, rejected: 3 } as const;
export const BetStatus = { pending: 1, won: 2, lost: 3, rolledBack: 4, cashedOut: 5 } as const;
export const AccountStatus = { active: 1, inactive: 2 } as const;
export const CashPeriods = ['daily', 'weekly', 'monthly'] as const;

/** The value type of an enumeration above: `ValueOf<typeof PlayerStatus>` is 1 | 2 | 3 | 4 | 5 | 6. */
export type ValueOf<T> = T[keyof T];
export type CashPeriod = (typeof CashPeriods)[number];
/** Cooling-off and self-exclusion periods a player may choose. */
export const RestrictionPeriods = [
  'daily',
  'weekly',
  'monthly',
  '1_day',
  '3_days',
  '1_week',
  '1_month',
  '3_months',
  '6_months',
  '9_months',
  '1_year',
  'forever',
] as const;
export const DOCUMENT_TYPES = [
  { id: 'identity_front', name: 'Identity document (front)', section: 'identity' },
  { id: 'identity_back', name: 'Identity document (back)', section: 'identity' },
  { id: 'identity_selfie_id', name: 'Selfie with identity document', section: 'identity' },
  { id: 'address', name: 'Proof of address', section: 'address' },
  { id: 'payment', name: 'Payment method (front)', section: 'payment' },
  { id: 'payment_back', name: 'Payment method (back)', section: 'payment' },
  { id: 'other', name: 'Other', section: 'other' },
] as const;

export const TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Lisbon',
  'America/Sao_Paulo',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
].map((id) => ({ id, name: id.replace('_', ' ') }));

const periods = (list: readonly string[]): IdName[] => list.map((p) => ({ id: p, name: p }));

export function buildConstants() {
  return {
    player: {
      scenarios: idNames({ registration: 'registration', profile: 'profile' }),
      timeZone: TIME_ZONES,
      playerStatuses: idNames(PlayerStatus),
      document: { status: idNames(DocumentStatus), type: [...DOCUMENT_TYPES] },
      limit: {
        definition: idNames(LimitDefinition),
        status: idNames(LimitStatus),
        allPeriod: periods(RestrictionPeriods),
        cashPeriod: periods(CashPeriods),
        coolingOffPeriod: periods(RestrictionPeriods),
        selfExclusionPeriod: periods(RestrictionPeriods),
      },
      registration: { phone: true, email: true },
      otp: { enabled: true, reason: ['registration', 'phoneVerification', 'changingPass'] },
      socialAuth: [] as string[],
      referral: { enabled: false, segmentTypes: [] as IdName[], qualificationStatuses: [] as IdName[] },
    },
    payment: { invoiceStatuses: idNames(InvoiceStatus), invoiceTypes: idNames(InvoiceType) },
    game: {
      bet: {
        status: idNames(BetStatus),
        transactionType: idNames({ bet: 1, win: 2, rollback: 3 }),
        amountType: idNames({ real: 1, bonus: 2 }),
      },
      spin: { transactionType: idNames({ bet: 1, win: 2, rollback: 3 }) },
      bonus: {
        triggerType: idNames({ promoCode: 1, registration: 2, deposit: 3 }),
        type: idNames({ fixedCash: 1, depositPercentage: 2, freeSpins: 3 }),
        status: idNames({ active: 1, inactive: 2 }),
        wagerSportsbookTicketType: [] as IdName[],
        wagerSportsbookStage: [] as IdName[],
        payoutBalanceType: idNames({ real: 1, bonus: 2 }),
        wagerCategory: [] as IdName[],
        // A bonus is opted into, never pre-ticked (UK rules since 2026): the deposit form starts at "no bonus".
        depositBonusDeclineDefault: true,
      },
      playerBonus: { status: idNames(BonusStatus), result: idNames(BonusResult) },
      playerFreespin: { status: idNames(FreespinStatus), result: idNames(FreespinResult) },
    },
    quest: { state: idNames(QuestState), taskType: idNames(TaskType) },
    messenger: { messageState: idNames(MessageState) },
  };
}
export type Constants = ReturnType<typeof buildConstants>;
