/** The back office's people: staff, their sessions and second factor, roles, the audit trail and the admin API. */
export { staffModule } from './manifest.ts';
export { runAsLocalOperator } from './approvals.ts';
export { staffMembers, type StaffMember } from './directory.ts';
export { checkStaffPushToken, STAFF_PUSH_PREFIX } from './push.ts';
