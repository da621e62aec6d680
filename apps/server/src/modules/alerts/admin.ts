import { z } from 'zod';
import {
  adminAlertDetailSchema,
  adminAlertQuerySchema,
  adminAlertSchema,
  adminAlertSummarySchema,
  alertAssignSchema,
  alertCloseSchema,
  alertNoteBodySchema,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { addAlertNote, alertDetail, alertSummary, assignAlert, closeAlert, listAlerts } from './service.ts';

const READ = { action: 'read', subject: 'Alert' } as const;
const WRITE = { action: 'write', subject: 'Alert' } as const;
const byId = z.object({ id: z.string().max(64) });

/** The alerts for staff (Alert read), and what staff do with them (Alert write: audited, before and after). */
export const alertsAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/alerts',
    summary: 'Alerts by status, kind, player and assignee, newest first',
    permission: READ,
    querystring: adminAlertQuerySchema,
    response: z.array(adminAlertSchema),
    handle: ({ query }) => listAlerts(ctx.db, query),
  }),
  adminRoute({
    method: 'GET',
    url: '/alerts/summary',
    summary: 'Alerts not closed yet, in all and by kind',
    permission: READ,
    response: adminAlertSummarySchema,
    handle: () => alertSummary(ctx.db),
  }),
  adminRoute({
    method: 'GET',
    url: '/alerts/:id',
    summary: 'An alert, with its notes',
    permission: READ,
    params: byId,
    response: adminAlertDetailSchema,
    handle: ({ params }) => alertDetail(ctx.db, params.id),
  }),
  adminRoute({
    method: 'POST',
    url: '/alerts/:id/assign',
    summary: 'Assign an alert (to the caller unless another staff member is named)',
    permission: WRITE,
    action: 'alerts.assign',
    params: byId,
    body: alertAssignSchema,
    response: adminAlertDetailSchema,
    handle: ({ params, body, staff }) => assignAlert(ctx, params.id, staff, body.staffId),
  }),
  adminRoute({
    method: 'POST',
    url: '/alerts/:id/notes',
    summary: 'Add a note to an alert',
    permission: WRITE,
    action: 'alerts.note',
    params: byId,
    body: alertNoteBodySchema,
    response: adminAlertDetailSchema,
    handle: ({ params, body, staff }) => addAlertNote(ctx, params.id, staff, body.text),
  }),
  adminRoute({
    method: 'POST',
    url: '/alerts/:id/close',
    summary: 'Close an alert with the reason',
    permission: WRITE,
    action: 'alerts.close',
    params: byId,
    body: alertCloseSchema,
    response: adminAlertDetailSchema,
    handle: ({ params, body, staff }) => closeAlert(ctx, params.id, staff, body.reason),
  }),
];
