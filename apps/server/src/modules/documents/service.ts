import { noteChange } from '../../lib/audit-scope.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  DocumentStatus,
  isStorableText,
  UNSTORABLE_TEXT_MESSAGE,
  withoutHiddenCharacters,
  type PlayerDocument,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { sniffMimeType } from '../../lib/file-type.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueue } from '../../outbox/index.ts';
import { playerDocuments } from './tables.ts';

const TYPES: ReadonlySet<string> = new Set(DOCUMENT_TYPES.map((t) => t.id));
export const UNSUPPORTED_FILE = 'Upload a JPEG, PNG or PDF file';
export const UNKNOWN_TYPE = 'Choose what kind of document this is';

type Row = typeof playerDocuments.$inferSelect;

const toDocument = (r: Row): PlayerDocument => ({
  id: r.id,
  type: r.type,
  status: r.status,
  fileName: r.fileName,
  mimeType: r.mimeType,
  size: r.size,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
});

/** A file name fit to show: no path, no control or invisible characters, at most 120 characters. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = withoutHiddenCharacters(base).trim();
  return clean.slice(0, 120) || 'document';
}

export async function listDocuments(db: DbOrTx, playerId: string): Promise<PlayerDocument[]> {
  const rows = await db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.playerId, playerId))
    .orderBy(desc(playerDocuments.createdAt), desc(playerDocuments.id));
  return rows.map(toDocument);
}

/**
 * Stores an upload: the kind must be known and the bytes a JPEG, PNG or PDF. The file is written
 * first (mode 600, named by id) and the row after, so a row never points at a missing file.
 */
export async function addDocument(
  db: DbOrTx,
  dir: string,
  input: { playerId: string; type: string; fileName: string | undefined; bytes: Buffer },
): Promise<PlayerDocument> {
  if (!TYPES.has(input.type)) throw unprocessable(UNKNOWN_TYPE, { type: [UNKNOWN_TYPE] });
  const mimeType = sniffMimeType(input.bytes);
  if (!mimeType) throw unprocessable(UNSUPPORTED_FILE, { file: [UNSUPPORTED_FILE] });
  const id = crypto.randomUUID();
  const file = pathOf(dir, input.playerId, id);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, input.bytes, { mode: 0o600 });
  const [row] = await db
    .insert(playerDocuments)
    .values({
      id,
      playerId: input.playerId,
      type: input.type,
      fileName: displayFileName(input.fileName),
      mimeType,
      size: input.bytes.length,
    })
    .returning();
  return toDocument(row!);
}

/** Removes one of the player's documents still in review or refused; an approved one stays on record. */
export async function removeDocument(db: DbOrTx, dir: string, playerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Document not found');
  const mine = and(eq(playerDocuments.id, id), eq(playerDocuments.playerId, playerId));
  // The delete is the check: of removals racing for one document, one removes it.
  const [removed] = await db
    .delete(playerDocuments)
    .where(and(mine, ne(playerDocuments.status, DocumentStatus.approved)))
    .returning({ id: playerDocuments.id });
  if (!removed) {
    const [kept] = await db.select({ id: playerDocuments.id }).from(playerDocuments).where(mine);
    if (kept) throw conflict('An approved document stays on record');
    throw notFound('Document not found');
  }
  await fs.rm(pathOf(dir, playerId, id), { force: true });
}

export async function pendingDocuments(db: DbOrTx): Promise<(PlayerDocument & { playerId: string })[]> {
  const rows = await db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.status, DocumentStatus.pending))
    .orderBy(asc(playerDocuments.createdAt));
  return rows.map((r) => ({ ...toDocument(r), playerId: r.playerId }));
}

const IDENTITY_TYPES = DOCUMENT_TYPES.filter((t) => t.section === 'identity').map((t) => t.id);

/** Whether an operator has approved one of the player's identity documents (the payment rules ask). */
export async function hasApprovedIdentityDocument(db: DbOrTx, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: playerDocuments.id })
    .from(playerDocuments)
    .where(
      and(
        eq(playerDocuments.playerId, playerId),
        eq(playerDocuments.status, DocumentStatus.approved),
        inArray(playerDocuments.type, IDENTITY_TYPES),
      ),
    )
    .limit(1);
  return !!row;
}

/** An operator's decision; the player sees it at once (outbox → `player:documents#<id>`). */
export async function reviewDocument(
  tx: DbOrTx,
  id: string,
  decision: { approve: boolean; reason?: string },
): Promise<PlayerDocument> {
  if (!isUuid(id)) throw notFound(`No document ${id}`);
  if (decision.reason !== undefined && !isStorableText(decision.reason)) throw unprocessable(UNSTORABLE_TEXT_MESSAGE);
  const [row] = await tx
    .update(playerDocuments)
    .set({
      status: decision.approve ? DocumentStatus.approved : DocumentStatus.rejected,
      reason: decision.approve ? null : (decision.reason?.slice(0, 500) ?? null),
      reviewedAt: new Date(),
    })
    .where(and(eq(playerDocuments.id, id), eq(playerDocuments.status, DocumentStatus.pending)))
    .returning();
  if (!row) throw notFound(`No document ${id} waiting for review`);
  const document = toDocument(row);
  noteChange({
    targetType: 'document',
    targetId: id,
    playerId: row.playerId,
    before: { status: 'pending' },
    after: { status: decision.approve ? 'approved' : 'rejected', reason: row.reason },
  });
  await enqueue(tx, 'documents.updated', { playerId: row.playerId, document });
  return document;
}

/** Where a document's bytes are: under the player's folder, by id (never by the uploaded name). */
const pathOf = (dir: string, playerId: string, id: string) => path.join(dir, playerId, id);

/** A document's file for the back office: where its bytes are and what they are. */
export async function documentFile(db: DbOrTx, dir: string, id: string) {
  if (!isUuid(id)) throw notFound('Document not found');
  const [row] = await db.select().from(playerDocuments).where(eq(playerDocuments.id, id));
  if (!row) throw notFound('Document not found');
  return { id: row.id, playerId: row.playerId, mimeType: row.mimeType, path: pathOf(dir, row.playerId, row.id) };
}
