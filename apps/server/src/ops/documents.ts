import { z } from 'zod';
import { DOCUMENT_TYPES, text } from '@casino/contracts';
import type { Db } from '../db/client.ts';
import { pendingDocuments, reviewDocument } from '../modules/documents/index.ts';
import type { Tx } from '../db/client.ts';
import { findPlayer, playerLabel } from '../modules/player/index.ts';

export const opsDocumentsBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('approve'), id: text().max(64) }),
  z.object({ action: z.literal('reject'), id: text().max(64), reason: text().max(500).optional() }),
]);
export type OpsDocumentsBody = z.infer<typeof opsDocumentsBodySchema>;

const typeName = (id: string) => DOCUMENT_TYPES.find((t) => t.id === id)?.name ?? id;

/** The review queue, or one decision (pushed to the player when the server delivers the outbox). */
export async function opsDocuments(
  db: Db,
  body: OpsDocumentsBody,
  // The server passes its withTransaction, which wakes the outbox at commit; the CLI's poll finds it anyway.
  transact: <T>(work: (tx: Tx) => Promise<T>) => Promise<T> = (work) => db.transaction(work),
): Promise<{ message: string }> {
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
  const document = await transact((tx) =>
    reviewDocument(tx, body.id, {
      approve,
      ...(body.action === 'reject' && body.reason ? { reason: body.reason } : {}),
    }),
  );
  return { message: `${approve ? 'Approved' : 'Rejected'} ${typeName(document.type)} ${document.id}` };
}
