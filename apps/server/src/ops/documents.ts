import { z } from 'zod';
import { DOCUMENT_TYPES, text } from '@casino/contracts';
import { withTransaction } from '../outbox/index.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';
import { pendingDocuments, reviewDocument } from '../modules/documents/index.ts';
import { findPlayer, playerLabel } from '../modules/player/index.ts';

export const opsDocumentsBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('approve'), id: text().max(64) }),
  z.object({ action: z.literal('reject'), id: text().max(64), reason: text().max(500).optional() }),
]);
export type OpsDocumentsBody = z.infer<typeof opsDocumentsBodySchema>;

const typeName = (id: string) => DOCUMENT_TYPES.find((t) => t.id === id)?.name ?? id;

/** The review queue, or one decision (pushed to the player when the server delivers the outbox). */
export async function opsDocuments(ctx: UnitOfWorkContext, body: OpsDocumentsBody): Promise<{ message: string }> {
  const { db } = ctx;
  if (body.action === 'list') {
    const pending = await pendingDocuments(db);
    if (pending.length === 0) return { message: 'No documents waiting for review.' };
    const owners = await Promise.all(pending.map((d) => findPlayer(db, { id: d.playerId })));
    return {
      message: pending
        .map(
          (d, i) =>
            `${d.id}  ${d.createdAt}  player ${owners[i] ? playerLabel(owners[i]) : d.playerId}  ${typeName(d.type)}  ${d.fileName} (${d.mimeType}, ${d.size} bytes)`,
        )
        .join('\n'),
    };
  }
  const approve = body.action === 'approve';
  const document = await withTransaction(ctx, (tx) =>
    reviewDocument(tx, body.id, {
      approve,
      ...(body.action === 'reject' && body.reason ? { reason: body.reason } : {}),
    }),
  );
  return { message: `${approve ? 'Approved' : 'Rejected'} ${typeName(document.type)} ${document.id}` };
}
