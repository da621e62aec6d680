/** The back office's people: staff, their sessions and second factor, roles, the audit trail and the admin API. */
export { staffModule } from './manifest.ts';
export { runAsLocalOperator } from './approvals.ts';
