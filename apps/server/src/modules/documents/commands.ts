import { z } from 'zod';
import { DOCUMENT_TYPES, text } from '@casino/contracts';
import { CommandArgsError, answersMessage, opsCommand, readsOn } from '../../lib/ops-command.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { findPlayer, playerLabel } from '../player/index.ts';
import { pendingDocuments, reviewDocument } from './service.ts';

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

/** `documents list | approve <id> | reject <id> [reason…]`. */
function parseDocuments(args: string[]): OpsDocumentsBody {
  const [verb, id, ...reason] = args;
  if (verb === 'list' && args.length === 1) return { action: 'list' };
  if (verb === 'approve' && id && args.length === 2) return { action: 'approve', id };
  if (verb === 'reject' && id)
    return { action: 'reject', id, ...(reason.length > 0 ? { reason: reason.join(' ') } : {}) };
  throw new CommandArgsError('documents needs list | approve <id> | reject <id> [reason].');
}

export const documentsCommand = opsCommand({
  word: 'documents',
  usage: `  documents list | documents approve <id> | documents reject <id> [reason…]
      Identity documents waiting for review; approve or reject one (the player sees it at once).`,
  parse: parseDocuments,
  route: 'documents',
  permission: readsOn('Document', ['list']),
  body: opsDocumentsBodySchema,
  ...answersMessage,
  run: opsDocuments,
});
