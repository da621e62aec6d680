/**
 * Responsible-gaming and anti-money-laundering alerts about players, for staff to assign, annotate and
 * close (subject `Alert`).
 */
export { alertsModule } from './manifest.ts';
export { detectAlerts, type DetectResult } from './detect.ts';
export { raiseExcludedSignIn } from './raise.ts';
export { alertSummary, openAlertCount } from './service.ts';
