import fs from 'node:fs';
import { z } from 'zod';
import {
  adminDocumentSchema,
  adminPlayerDocumentsSchema,
  DOCUMENT_TYPES,
  DocumentStatus,
  type AdminDocument,
} from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute, playerPartRoute } from '../../lib/admin-route.ts';
import type { DashboardFigure } from '../../lib/dashboard.ts';
import { isUuid } from '../../lib/uuid.ts';
import { verificationState } from '../kyc/index.ts';
import { playerContacts } from '../player/index.ts';
import { documentFile, listDocuments, pendingDocuments } from './service.ts';

const STATUS_NAME = {
  [DocumentStatus.pending]: 'pending',
  [DocumentStatus.approved]: 'approved',
  [DocumentStatus.rejected]: 'rejected',
} as Record<number, AdminDocument['status']>;

/** The review queue (Document read) and a document's bytes (Document read, recorded as a read of the player's documents). */
export const documentAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/documents',
    summary: 'The documents waiting for review, oldest first',
    permission: { action: 'read', subject: 'Document' },
    response: z.array(adminDocumentSchema),
    async handle() {
      const pending = await pendingDocuments(ctx.db);
      const contacts = await playerContacts(
        ctx.db,
        pending.map((d) => d.playerId),
      );
      return pending.map((d) => ({
        id: d.id,
        playerId: d.playerId,
        player: contacts.get(d.playerId) ?? d.playerId,
        type: d.type,
        typeName: DOCUMENT_TYPES.find((t) => t.id === d.type)?.name ?? d.type,
        fileName: d.fileName,
        mimeType: d.mimeType,
        size: d.size,
        status: STATUS_NAME[d.status] ?? 'pending',
        reason: d.reason,
        createdAt: d.createdAt,
      }));
    },
  }),
  adminRoute({
    method: 'GET',
    url: '/documents/:id/file',
    summary: "A document's file, as the player uploaded it (recorded in the audit trail)",
    permission: { action: 'read', subject: 'Document' },
    action: 'documents.file',
    params: z.object({ id: z.string().max(64) }),
    response: null,
    handle: ({ params }) => documentFile(ctx.db, ctx.config.documentsDir, params.id),
    send: (reply, file) =>
      reply
        .type(file.mimeType)
        .header('cache-control', 'no-store')
        // An image is shown in the review page; a PDF is downloaded (no player's PDF runs in the back office).
        .header(
          'content-disposition',
          file.mimeType === 'application/pdf' ? 'attachment; filename="document.pdf"' : 'inline',
        )
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file.path)),
    auditRead: (_input, file) => ({ targetType: 'document', targetId: file.id, playerId: file.playerId }),
  }),
  playerPartRoute({
    part: 'documents',
    summary: "A player's documents (every state) and their identity verification (recorded in the audit trail)",
    action: 'players.documents',
    permission: { action: 'read', subject: 'Document' },
    response: adminPlayerDocumentsSchema,
    empty: { verification: null, documents: [] },
    async read(playerId) {
      const [documents, verification] = await Promise.all([
        listDocuments(ctx.db, playerId),
        verificationState(ctx.db, playerId),
      ]);
      return { documents, verification };
    },
    // Which documents a player holds is part of reading them: recorded as the file reads are.
    auditRead: ({ params }) =>
      isUuid(params.id) ? { targetType: 'player', targetId: params.id, playerId: params.id } : {},
  }),
];

/** The review queue's length on the dashboard. */
export const documentsDashboard = (ctx: AppContext): DashboardFigure[] => [
  {
    key: 'documents',
    label: 'Documents to review',
    permission: { action: 'read', subject: 'Document' },
    to: '/documents',
    queue: 'documents',
    value: async () => (await pendingDocuments(ctx.db)).length,
  },
];
