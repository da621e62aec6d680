import { staffMay, type StaffAction, type StaffRole, type StaffSubject } from '@casino/contracts';

/** What each resource of the app is, in the server's permission model. */
export const SUBJECT_OF: Record<string, StaffSubject | null> = {
  documents: 'Document',
  players: 'Player',
  // Parts of a player's page, checked on their own subject.
  balances: 'Balance',
  limits: 'Limit',
  messages: 'Message',
  withdrawals: 'Withdrawal',
  'bank-transfers': 'Deposit',
  approvals: null,
  'bonus-codes': 'Promotion',
  'bonus-definitions': 'Promotion',
  'free-spins': 'Promotion',
  cashback: 'Promotion',
  quests: 'Promotion',
  tournaments: 'Promotion',
  loyalty: 'Promotion',
  'sportsbook-risk': 'Sportsbook',
  content: 'Content',
  reports: 'Report',
  staff: 'Staff',
  audit: 'Audit',
  alerts: 'Alert',
};

/** react-admin's actions as the server's: seeing is reading, everything else writes. */
const actionOf = (action: string): StaffAction =>
  ['list', 'show', 'export', 'read'].includes(action) ? 'read' : 'write';

/**
 * Whether the role may act on a resource: the same matrix the server enforces (the app only hides
 * what the server would refuse). Approvals are open to every role: each sees those it could decide.
 */
export function roleMay(role: StaffRole | undefined, action: string, resource: string): boolean {
  if (!role) return false;
  const subject = SUBJECT_OF[resource];
  if (subject === undefined) return false;
  if (subject === null) return true;
  return staffMay(role, { action: actionOf(action), subject });
}
